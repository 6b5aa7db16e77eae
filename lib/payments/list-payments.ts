import { count, desc, eq } from "drizzle-orm";
import { invoices, payments } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import type { ListPaymentsInput } from "./schemas";
import { paymentView } from "./view";

export const PAYMENT_LIST_LIMIT = 400;

/** Newest first, failed and reversed ones included (payment_status tells); total counts every match. */
export async function listPayments({ ctx, input }: { ctx: Context; input: ListPaymentsInput }) {
  const ids = [input.payment_id, input.invoice_id, input.customer_account_id, input.pay_method_id, input.subscription_id];
  if (ids.some((id) => id && !isUuid(id))) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    payments,
    input.payment_id ? eq(payments.id, input.payment_id) : undefined,
    input.invoice_id ? eq(payments.invoiceId, input.invoice_id) : undefined,
    input.customer_account_id ? eq(payments.customerAccountId, input.customer_account_id) : undefined,
    input.pay_method_id ? eq(payments.payMethodId, input.pay_method_id) : undefined,
    input.subscription_id ? eq(invoices.subscriptionId, input.subscription_id) : undefined,
    input.payment_transaction_id ? eq(payments.paymentTransactionId, input.payment_transaction_id) : undefined,
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
