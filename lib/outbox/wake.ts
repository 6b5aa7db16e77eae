/**
 * Who delivers the outbox as soon as a verb's events are committed (the job timers and crons are
 * the backstop): the in-process runner, or an Inngest "outbox/nudge" event. Unset: nobody.
 */
let waker: (() => void) | undefined;

export function setOutboxWaker(fn: (() => void) | undefined) {
  waker = fn;
}

export function wakeOutbox() {
  try {
    waker?.();
  } catch {
    // A nudge is only a hint: the timer delivers anyway.
  }
}
