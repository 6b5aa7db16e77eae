import { and, eq, gte, sql } from "drizzle-orm";
import { customerAccounts } from "../../db/schema";
import type { Context } from "../auth/context";
import { reloadInvoice } from "../invoices/queries";
import { recordPayment } from "./attempts";

/**
 * The customer's prepaid balance is their money held by the brand: paid into it, credited with what
 * an invoice no longer needs, and spent on renewals before any card is charged.
 */

/** Adds to the prepaid balance (a credit: an overpayment, or a voided invoice's payments). */
export async function creditPrepaid(ctx: Context, customerAccountId: string, cents: number) {
  if (cents <= 0) return;
  await ctx.db
    .update(customerAccounts)
    .set({ prepaidBalance: sql`${customerAccounts.prepaidBalance} + ${cents}`, updatedAt: ctx.now() })
    .where(eq(customerAccounts.id, customerAccountId));
}

/** Takes up to `cents` back from the prepaid balance, never below zero; answers what it took. */
export async function takeFromPrepaid(ctx: Context, customerAccountId: string, cents: number): Promise<number> {
  if (cents <= 0) return 0;
  const [row] = await ctx.db
    .select({ balance: customerAccounts.prepaidBalance })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, customerAccountId))
    .for("no key update");
  const taken = Math.min(cents, row?.balance ?? 0);
  if (taken <= 0) return 0;
  await ctx.db
    .update(customerAccounts)
    .set({ prepaidBalance: sql`${customerAccounts.prepaidBalance} - ${taken}`, updatedAt: ctx.now() })
    .where(and(eq(customerAccounts.id, customerAccountId), gte(customerAccounts.prepaidBalance, taken)));
  return taken;
}

/**
 * Pays what it can of an invoice's balance out of the prepaid balance, as a payment of its own
 * (processed_by prepaid_balance, so reversing it gives the money back). The caller holds the invoice's lock.
 */
export async function payFromPrepaid(ctx: Context, invoiceId: string) {
  const { row, amounts } = await reloadInvoice(ctx, invoiceId);
  const amount = await takeFromPrepaid(ctx, row.customerAccountId, amounts.balance);
  if (amount === 0) return 0;
  await recordPayment(ctx, {
    customerAccountId: row.customerAccountId,
    invoiceId,
    payMethodId: null,
    processedBy: "prepaid_balance",
    amount,
    paymentGateway: "prepaid_balance",
    paymentTransactionId: null,
  });
  return amount;
}
