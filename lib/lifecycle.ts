import { DomainError } from "./errors";

/**
 * The status ledger shared by accounts, users, subscriptions, products, components and the rest:
 * 1 active, 2 suspended, 3 deleted (spec, States and transitions). Tables store it as `status`
 * (smallint) beside `deleted_at`, which starts the restore window.
 */
export const STATUS = { ACTIVE: 1, SUSPENDED: 2, DELETED: 3 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
/**
 * A subscription's status while its initial charge is being made (Subscription/Create, in steps):
 * invisible to lists, billing and insights until the charge settles it active, or it is discarded.
 */
export const SUBSCRIPTION_PENDING = 0;

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
