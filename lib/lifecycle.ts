import { DomainError } from "./errors";

/** The status ledger (1 active, 2 suspended, 3 deleted) and a subscription's pending status: named in db/schema/status.ts, read from here. */
export { STATUS, SUBSCRIPTION_PENDING, type Status } from "../db/schema/status";

/** Deleted records can be restored for this many days (spec, Limits). */
export const RESTORE_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Throws RESTORE_WINDOW_EXPIRED once more than 90 days have passed since `deletedAt`. */
export function assertRestoreWindow(deletedAt: Date | null, now: Date, what: string) {
  if (deletedAt && now.getTime() - deletedAt.getTime() > RESTORE_WINDOW_DAYS * DAY_MS) {
    throw new DomainError("RESTORE_WINDOW_EXPIRED", `This ${what} was deleted more than ${RESTORE_WINDOW_DAYS} days ago and can no longer be restored`);
  }
}

/** Throws INVALID_STATE unless the record is in one of the allowed states. */
export function assertStatus(status: number, allowed: readonly number[], message: string) {
  if (!allowed.includes(status)) throw new DomainError("INVALID_STATE", message);
}
