import { findAccount } from "../accounts/queries";
import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { reloadInvoice } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { formatAmount } from "../money";
import type { PaymentRow } from "./queries";
import { paymentView } from "./view";

/**
 * Payment/Create and Payment/Delete answer the payment plus where it went: the invoice namespace,
 * whose status is the invoice's (spec: "the returned status is the invoice status"), or the
 * customer_account namespace with the prepaid balance.
 */
export async function paymentAnswer(ctx: Context, payment: PaymentRow) {
  if (payment.invoiceId) {
    const invoice = invoiceView(await reloadInvoice(ctx, payment.invoiceId));
    return new WithExtras(paymentView(payment, ctx.brand.currency, invoice.subscription_id), { invoice });
  }
  const account = await findAccount(ctx, payment.customerAccountId);
  return new WithExtras(paymentView(payment, ctx.brand.currency), {
    customer_account: { customer_account_id: account.id, prepaid_balance: formatAmount(account.prepaidBalance, ctx.brand.currency) },
  });
}
