/** Every use of "now" goes through here, so tests (and later a brand's test clock) can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests and scenario runs. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = "2026-01-01T00:00:00Z") {
    this.current = new Date(start).getTime();
  }
  now() {
    return new Date(this.current);
  }
  set(to: Date | string) {
    this.current = new Date(to).getTime();
  }
  advance({ days = 0, hours = 0, minutes = 0, seconds = 0 }) {
    this.current += ((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000;
  }
}

let active: Clock = systemClock;

/** The process-wide clock; domain code reads time only through ctx.now(), which delegates here. */
export const clock: Clock = { now: () => active.now() };

export function useClock(c: Clock) {
  active = c;
}
