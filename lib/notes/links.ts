import { invoices, subscriptions } from "../../db/schema";
import { findInBrand } from "../scope";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";

/** A record that exists in the brand but belongs to another customer account than the one it is used with. */
export const notOnAccount = (what: string, parameter: string) => new DomainError("NOT_FOUND", `${what} not found on this customer account`, { parameter });

export const findSubscription = (ctx: Context, id: string, parameter = "subscription_id") => findInBrand(ctx, subscriptions, id, "Subscription", parameter);

export interface CustomerLinks {
  customer_account_id?: string | null;
  subscription_id?: string | null;
  invoice_id?: string | null;
}

/**
 * Loads the customer account, subscription and invoice given (each of this brand, or 404) and
 * checks they concern one customer: a subscription or invoice of another account is not found.
 */
export async function resolveCustomerLinks(ctx: Context, links: CustomerLinks) {
  const account = links.customer_account_id ? await findAccount(ctx, links.customer_account_id) : null;
  const subscription = links.subscription_id ? await findSubscription(ctx, links.subscription_id) : null;
  const invoice = links.invoice_id ? await findInBrand(ctx, invoices, links.invoice_id, "Invoice", "invoice_id") : null;
  const accountId = account?.id ?? subscription?.customerAccountId;
  if (subscription && accountId && subscription.customerAccountId !== accountId) throw notOnAccount("Subscription", "subscription_id");
  if (invoice && accountId && invoice.customerAccountId !== accountId) throw notOnAccount("Invoice", "invoice_id");
  return { account, subscription, invoice };
}
