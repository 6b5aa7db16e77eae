import { eq } from "drizzle-orm";
import { customerAccounts } from "../../db/schema";
import { findAccount } from "./queries";
import type { AccountRow } from "./columns";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import type { NotificationPayload } from "../notifications/placeholders";

/**
 * The customer account money is moved for. A deleted account takes no new invoices, payments or
 * pay methods (409); reading and reversing what it already has stays possible.
 */
export async function findCustomer(ctx: Context, id: string, opts: { allowDeleted?: boolean } = {}): Promise<AccountRow> {
  const account = await findAccount(ctx, id);
  if (!opts.allowDeleted && account.status === STATUS.DELETED) throw invalidState("This customer account is deleted", "customer_account_id");
  return account;
}

/** The recipients and customer namespace of a notification event about this account. */
export const customerPayload = (a: AccountRow): NotificationPayload => ({
  to_email: a.emailAddress,
  cc_email: a.ccEmailAddress,
  customer: {
    customer_account_id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    company_name: a.companyName,
    email_address: a.emailAddress,
  },
});

/**
 * Serialises changes to one account's money and pay methods (prepaid balance, default pay method).
 * FOR NO KEY UPDATE so payment attempts written on another connection can still reference the row.
 */
export async function lockCustomer(ctx: Context, accountId: string) {
  await ctx.db.select({ id: customerAccounts.id }).from(customerAccounts).where(eq(customerAccounts.id, accountId)).for("no key update");
}
