/**
 * The status ledger shared by accounts, users, subscriptions, products, components and the rest:
 * 1 active, 2 suspended, 3 deleted (spec, States and transitions). Tables store it as `status`
 * (smallint) beside `deleted_at`, which starts the restore window. Named here, beside the tables
 * that store it (db/ imports nothing from lib/); lib/lifecycle.ts is where the code reads it from.
 */
export const STATUS = { ACTIVE: 1, SUSPENDED: 2, DELETED: 3 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];
/**
 * A subscription's status while its initial charge is being made (Subscription/Create, in steps):
 * invisible to lists, billing and insights until the charge settles it active, or it is discarded.
 */
export const SUBSCRIPTION_PENDING = 0;

/** Invoice statuses (spec): 0 unpaid, 1 paid, 2 partially paid, 3 deleted. Derived from the lines and payments, never stored. */
export const INVOICE_STATUS = { UNPAID: 0, PAID: 1, PARTIALLY_PAID: 2, DELETED: 3 } as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];
