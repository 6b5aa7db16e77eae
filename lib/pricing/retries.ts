import { addDays } from "./periods";

/**
 * A brand's retry schedule for declined renewal charges (issue 32): the days after the decline
 * (in the brand's time zone) on which the charge is tried again, ascending; empty, never (the
 * spec's behaviour). Pure: the billing run (lib/billing/retry-declines.ts), the test clock's steps
 * and the pages read the schedule through these.
 */

/** At most this many retries, the last at most MAX_RETRY_DAY days after the decline. */
export const MAX_RETRIES = 8;
export const MAX_RETRY_DAY = 60;

/** "1,3,5" (spaces allowed) -> [1, 3, 5]; "" -> []; otherwise what is wrong, as a message. */
export function parseRetryDays(s: string): number[] | string {
  if (s.trim() === "") return [];
  const parts = s.split(",").map((p) => p.trim());
  if (parts.length > MAX_RETRIES) return `must list at most ${MAX_RETRIES} days`;
  const days: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return "must be whole numbers of days separated by commas, like 1,3,5";
    const d = Number(p);
    if (d < 1 || d > MAX_RETRY_DAY) return `each day must be from 1 to ${MAX_RETRY_DAY}`;
    if (days.length && d <= days[days.length - 1]) return "days must be ascending, each after the one before, like 1,3,5";
    days.push(d);
  }
  return days;
}

export const formatRetryDays = (days: readonly number[]) => days.join(",");

/**
 * The retry to make on `today` for a charge declined on `declinedOn`: the latest of the schedule
 * whose day has come, unless it (or a later one) was made already (`lastMade`, the highest retry
 * number on record). After missed runs the passed ones are not made one after the other on one day:
 * only the latest is.
 */
export function retryDue(declinedOn: string, days: readonly number[], today: string, lastMade: number | null): number | null {
  let due: number | null = null;
  days.forEach((d, i) => {
    if (addDays(declinedOn, d) <= today) due = i + 1;
  });
  return due !== null && due > (lastMade ?? 0) ? due : null;
}

/** The next retry, and its day (today when one is due now), or null when the schedule is spent. */
export function nextRetry(declinedOn: string, days: readonly number[], today: string, lastMade: number | null): { retry: number; on: string } | null {
  const due = retryDue(declinedOn, days, today, lastMade);
  if (due !== null) return { retry: due, on: today };
  // None due: the one after the last made is still ahead (the days ascend).
  const k = lastMade ?? 0;
  return k < days.length ? { retry: k + 1, on: addDays(declinedOn, days[k]) } : null;
}
