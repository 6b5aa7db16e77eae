import { eq, sql } from "drizzle-orm";
import { customerAccounts, payments, payMethods } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { invalidState, notFound } from "../errors";
import { connectGateway, gatewayById } from "../gateways/queries";
import { findInvoice } from "../invoices/queries";
import { formatCents } from "../money";
import { paymentAnswer } from "./answer";
import { resolveAttempt } from "./attempts";
import { lockCustomer } from "./customer";
import { findPayment } from "./queries";
import { creditPrepaid } from "./prepaid";
import { refundThroughGateway } from "./refund";
import { PREPAID_BALANCE, type DeletePaymentInput } from "./schemas";
import { stillPending } from "./settle-pending";
import type { PaymentRow } from "./view";

/**
 * Payment/Delete: reverses a payment. A real-time one is refunded through the gateway that charged
 * it; the invoice goes back to partially paid or unpaid, a prepaid credit is taken back (refused
 * when the balance no longer holds it), as is what a voided invoice's payment left in the balance.
 */
export async function deletePayment({ ctx, input }: { ctx: Context; input: DeletePaymentInput }) {
  const account = await findAccount(ctx, input.customer_account_id);
  const found = await findPayment(ctx, input.payment_id, account.id);
  await lockCustomer(ctx, account.id); // before the invoice: the lock order of lockAccount
  const invoice = input.invoice_id === PREPAID_BALANCE ? null : await findInvoice(ctx, input.invoice_id, account.id, { lock: true });
  if (found.invoiceId !== (invoice?.id ?? null)) throw notFound(invoice ? "Payment on this invoice" : "Payment to the prepaid balance", "payment_id");

  let payment = await findPayment(ctx, found.id, account.id); // read again under the lock
  if (payment.status === "pending") payment = await settle(ctx, payment);
  if (payment.status === "failed") throw invalidState("This payment failed; there is nothing to reverse", "payment_id");
  if (payment.status === "reversed") throw invalidState("This payment is already reversed", "payment_id");
  // The prepaid balance holds this payment's money when it was paid into it, or when billing voided
  // its invoice (lib/subscriptions/upcoming-invoice.ts): reversed, that money leaves the balance.
  const heldInPrepaid = payment.target === "prepaid_balance" || invoice?.voidedAt != null;
  if (heldInPrepaid) {
    const [{ prepaidBalance }] = await ctx.db
      .select({ prepaidBalance: customerAccounts.prepaidBalance })
      .from(customerAccounts)
      .where(eq(customerAccounts.id, account.id));
    if (prepaidBalance < payment.amount) {
      throw invalidState(`The prepaid balance (${formatCents(prepaidBalance)}) no longer holds this payment's ${formatCents(payment.amount)}`, "payment_id");
    }
  }
  const refundId = payment.processedBy === "gateway" ? await refundThroughGateway(connectGateway(await gatewayById(ctx, payment.gatewayId!)), payment) : null;
  const now = ctx.now();
  const [reversed] = await ctx.db
    .update(payments)
    .set({ status: "reversed", refundTransactionId: refundId, reversedAt: now, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  if (heldInPrepaid) {
    await ctx.db
      .update(customerAccounts)
      .set({ prepaidBalance: sql`${customerAccounts.prepaidBalance} - ${payment.amount}`, updatedAt: now })
      .where(eq(customerAccounts.id, account.id));
  }
  // Paid out of the prepaid balance: reversed, the money goes back there.
  if (payment.processedBy === "prepaid_balance") await creditPrepaid(ctx, account.id, payment.amount);
  return paymentAnswer(ctx, reversed);
}

/** A payment whose charge outcome was lost is settled first: only a charge that went through is refunded. */
async function settle(ctx: Context, payment: PaymentRow): Promise<PaymentRow> {
  const [payMethod] = await ctx.db.select().from(payMethods).where(eq(payMethods.id, payment.payMethodId!));
  const outcome = await resolveAttempt(ctx, payment, payMethod);
  if (outcome.status === "pending") throw stillPending(payment.id);
  return outcome.payment;
}
