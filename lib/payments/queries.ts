import { and, eq } from "drizzle-orm";
import { payments } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { formatAmount } from "../money";
import { invoiceDetails } from "../invoices/queries";
import type { InvoiceRow } from "../invoices/queries";

export type PaymentRow = typeof payments.$inferSelect;

/** A payment of this customer account, or NOT_FOUND. */
export async function findPayment(ctx: Context, id: string, customerAccountId: string, parameter = "payment_id"): Promise<PaymentRow> {
  if (!isUuid(id)) throw notFound("Payment", parameter);
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(inBrand(ctx, payments, eq(payments.id, id), eq(payments.customerAccountId, customerAccountId)));
  if (!row) throw notFound("Payment", parameter);
  return row;
}

/** Where a payment goes: an invoice, or the account's prepaid balance. */
export type PaymentTarget = { invoiceId: string } | { prepaidOf: string };

export const targetOf = (p: PaymentRow): PaymentTarget => (p.invoiceId ? { invoiceId: p.invoiceId } : { prepaidOf: p.customerAccountId });

export const inTarget = (t: PaymentTarget) =>
  "invoiceId" in t ? eq(payments.invoiceId, t.invoiceId) : and(eq(payments.customerAccountId, t.prepaidOf), eq(payments.target, "prepaid_balance"));

/** Overpaying is refused: a payment may cover at most the invoice's balance (so it is never negative). */
export async function assertWithinBalance(ctx: Context, invoice: InvoiceRow, amount: number) {
  const { amounts } = await invoiceDetails(ctx, invoice);
  if (amounts.balance === 0) throw invalidState("This invoice is already paid", "invoice_id");
  if (amount > amounts.balance) {
    throw invalidState(
      `amount ${formatAmount(amount, ctx.brand.currency)} is more than the invoice's balance of ${formatAmount(amounts.balance, ctx.brand.currency)}; overpayments are refused`,
      "amount",
    );
  }
}
