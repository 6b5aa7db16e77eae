import { count, desc, eq } from "drizzle-orm";
import { invoices, payments } from "../../db/schema";
import { inBrand, impossibleIds, filters } from "../../db/scope";
import type { Context } from "../auth/context";
import type { ListPaymentsInput } from "./schemas";
import { paymentView } from "./view";

export const PAYMENT_LIST_LIMIT = 400;

/** Newest first, failed and reversed ones included (payment_status tells); total counts every match. */
export async function listPayments({ ctx, input }: { ctx: Context; input: ListPaymentsInput }) {
  if (impossibleIds(input.payment_id, input.invoice_id, input.customer_account_id, input.pay_method_id, input.subscription_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    payments,
    ...filters([
      [payments.id, input.payment_id],
      [payments.invoiceId, input.invoice_id],
      [payments.customerAccountId, input.customer_account_id],
      [payments.payMethodId, input.pay_method_id],
      [invoices.subscriptionId, input.subscription_id],
      [payments.paymentTransactionId, input.payment_transaction_id],
    ]),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ payment: payments, subscriptionId: invoices.subscriptionId })
      .from(payments)
      .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(PAYMENT_LIST_LIMIT),
    ctx.db.select({ total: count() }).from(payments).leftJoin(invoices, eq(invoices.id, payments.invoiceId)).where(where),
  ]);
  return { items: rows.map((r) => paymentView(r.payment, r.subscriptionId)), total };
}
