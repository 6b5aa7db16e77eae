import { ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { customerAccounts } from "../../db/schema";
import { contains, inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import { isUniqueViolation } from "../../db/errors";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";

export const findAccount = (ctx: Context, id: string, parameter = "customer_account_id", opts: { forUpdate?: boolean | "no key update" } = {}) =>
  findInBrand(ctx, customerAccounts, id, "Customer account", parameter, opts);

/**
 * The account, locked for a change of its state or its subscriptions' (FOR NO KEY UPDATE: invoices
 * and subscriptions referencing it can still be written). Lock order, everywhere: the customer
 * account, then its subscriptions, then their invoices; so two changes never deadlock.
 */
export const lockAccount = (ctx: Context, id: string, parameter = "customer_account_id") => findAccount(ctx, id, parameter, { forUpdate: "no key update" });

export { contains } from "../../db/scope";

/** A record whose customer account's name, company or email contains the text: `q` on lists of an account's records. */
export const accountMatches = (accountId: PgColumn, text: string): SQL => {
  const a = customerAccounts;
  return sql`exists (select 1 from ${a} where ${a.id} = ${accountId} and (${or(...[a.firstName, a.lastName, a.companyName, a.emailAddress].map((c) => contains(c, text)))}))`;
};

/** Case-insensitive equality, matching the lower(...) unique indexes. */
export const sameText = (column: PgColumn, text: string) => sql`lower(${column}) = lower(${text})`;

export const duplicateEmail = (message: string) => new DomainError("DUPLICATE", message, { parameter: "email_address" });

const ACCOUNT_EMAIL_TAKEN = "email_address is already used by another customer account of this brand";

/** Errors 6: email_address is unique per brand. Deleted accounts keep theirs, so a restore never clashes. */
export async function assertAccountEmailFree(ctx: Context, email: string, exceptId?: string) {
  const [clash] = await ctx.db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(inBrand(ctx, customerAccounts, sameText(customerAccounts.emailAddress, email), exceptId ? ne(customerAccounts.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw duplicateEmail(ACCOUNT_EMAIL_TAKEN);
}

/**
 * Runs a write and turns a violation of the named unique index (a concurrent request took the
 * value between our check and our write) into the given refusal instead of a 500.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, index: string, refusal: () => DomainError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, index)) throw refusal();
    throw err;
  }
}

export const accountEmailTaken = () => duplicateEmail(ACCOUNT_EMAIL_TAKEN);
