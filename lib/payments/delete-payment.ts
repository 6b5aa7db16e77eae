import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { customerAccounts, payments, payMethods } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { DomainError, invalidState, notFound } from "../errors";
import { inBrand } from "../../db/scope";
import { commitSoFar, outsideTransaction, type StepContext, stepped } from "../run-verb";
import { connectGateway, gatewayById } from "../gateways/queries";
import { heldInPrepaid, issueCreditNote } from "./credit-notes";
import { findInvoice, invoiceDetails, type InvoiceRow } from "../invoices/queries";
import { formatAmount } from "../money";
import { paymentAnswer } from "./answer";
import { resolveAttempt } from "./attempts";
import { lockCustomer } from "../accounts/customer";
import { findPayment } from "./queries";
import { creditPrepaid } from "./prepaid";
import { refundThroughGateway } from "./refund";
import { PREPAID_BALANCE, type DeletePaymentInput } from "./schemas";
import { stillPending } from "./settle-pending";
import type { PaymentRow } from "./queries";

/**
 * Payment/Delete: reverses a payment. A real-time one is refunded through the gateway that charged
 * it; the invoice goes back to partially paid or unpaid, a prepaid credit is taken back (refused
 * when the balance no longer holds it), as is what of it its invoice's credit notes moved to the
 * balance. A reversed payment on an invoice gets a credit note `refunded` (issue 31).
 */
export const deletePayment = stepped(async ({ ctx, input }: { ctx: StepContext; input: DeletePaymentInput }) => {
  const account = await findAccount(ctx, input.customer_account_id);
  const found = await findPayment(ctx, input.payment_id, account.id);
  await lockCustomer(ctx, account.id); // before the invoice: the lock order of lockAccount
  const invoice = input.invoice_id === PREPAID_BALANCE ? null : await findInvoice(ctx, input.invoice_id, account.id, { lock: true });
  if (found.invoiceId !== (invoice?.id ?? null)) throw notFound(invoice ? "Payment on this invoice" : "Payment to the prepaid balance", "payment_id");

  let payment = await findPayment(ctx, found.id, account.id); // read again under the lock
  if (payment.status === "pending") payment = await settle(ctx, payment);
  if (payment.status === "failed") throw invalidState("This payment failed; there is nothing to reverse", "payment_id");
  if (payment.status === "reversed") throw invalidState("This payment is already reversed", "payment_id");
  // The prepaid balance holds this payment's money when it was paid into it, or (part of it) when
  // its invoice's money moved there: billing withdrew the invoice, staff deleted it, or a re-pricing's
  // credit note moved what was paid above the new price (lib/payments/credit-notes.ts). Reversed, that leaves the balance.
  const held = invoice ? await heldOfPayment(ctx, invoice, payment.amount) : payment.amount;
  if (held > 0) {
    const [{ prepaidBalance }] = await ctx.db
      .select({ prepaidBalance: customerAccounts.prepaidBalance })
      .from(customerAccounts)
      .where(eq(customerAccounts.id, account.id));
    if (prepaidBalance < held) {
      throw invalidState(
        `The prepaid balance (${formatAmount(prepaidBalance, ctx.brand.currency)}) no longer holds this payment's ${formatAmount(held, ctx.brand.currency)}`,
        "payment_id",
      );
    }
  }
  const now = ctx.now();
  let [reversed] = await ctx.db.update(payments).set({ status: "reversed", reversedAt: now, updatedAt: now }).where(eq(payments.id, payment.id)).returning();
  if (held > 0) {
    await ctx.db
      .update(customerAccounts)
      .set({ prepaidBalance: sql`${customerAccounts.prepaidBalance} - ${held}`, updatedAt: now })
      .where(eq(customerAccounts.id, account.id));
  }
  // Paid out of the prepaid balance: reversed, the money goes back there.
  if (payment.processedBy === "prepaid_balance") await creditPrepaid(ctx, account.id, payment.amount);
  // The gateway's refund is recorded by a credit note once it went through (refundReversed).
  if (payment.processedBy === "gateway") reversed = await refundReversed(ctx, reversed, { held });
  else await refundNote(ctx, reversed);
  return paymentAnswer(ctx, reversed);
});

/**
 * The gateway half of reversing a real-time payment, in three steps: the reversal is committed
 * (locks released, so no row is held while the gateway is asked), the refund is asked for outside
 * any transaction, and its id recorded in a new one. Refused or unanswered, the reversal is taken
 * back (committed) and the refusal answered. A process that dies in between leaves the payment
 * reversed with no refund id: retryUnfinishedRefunds asks again with the same idempotency key.
 */
async function refundReversed(ctx: StepContext, reversed: PaymentRow, opts: { held: number }): Promise<PaymentRow> {
  const gateway = connectGateway(await gatewayById(ctx, reversed.gatewayId!));
  let refundId: string;
  try {
    refundId = await outsideTransaction(ctx, () => refundThroughGateway(gateway, reversed, ctx.brand.currency));
  } catch (err) {
    await takeBackReversal(ctx, reversed, opts);
    await commitSoFar(ctx);
    throw err;
  }
  const [recorded] = await ctx.db.update(payments).set({ refundTransactionId: refundId, updatedAt: ctx.now() }).where(eq(payments.id, reversed.id)).returning();
  await refundNote(ctx, recorded);
  return recorded;
}

/** Undoes what the reversal wrote: the payment counts again, and the prepaid balance gets back what it gave up. */
async function takeBackReversal(ctx: Context, reversed: PaymentRow, { held }: { held: number }) {
  await lockCustomer(ctx, reversed.customerAccountId);
  await ctx.db
    .update(payments)
    .set({ status: "succeeded", reversedAt: null, updatedAt: ctx.now() })
    .where(and(eq(payments.id, reversed.id), eq(payments.status, "reversed"), isNull(payments.refundTransactionId)));
  await creditPrepaid(ctx, reversed.customerAccountId, held);
}

/**
 * What of a payment about to be reversed the prepaid balance holds: its invoice's part held there
 * (lib/payments/credit-notes.ts heldInPrepaid) with the payment, less without it. For a payment
 * already reversed, pass `reversed` so it is counted back in.
 */
async function heldOfPayment(ctx: Context, invoice: InvoiceRow, amount: number, opts: { reversed?: boolean } = {}) {
  const { amounts } = await invoiceDetails(ctx, invoice);
  const paid = amounts.paid + (opts.reversed ? amount : 0);
  return (await heldInPrepaid(ctx, invoice, paid)) - (await heldInPrepaid(ctx, invoice, paid - amount));
}

/** The credit note of a reversed payment on an invoice (`refunded`): to the card or bank, or back to the prepaid balance it came from. */
async function refundNote(ctx: Context, reversed: PaymentRow) {
  if (!reversed.invoiceId) return; // a payment into the prepaid balance credits no invoice
  await issueCreditNote(ctx, {
    // Its lines give the note its tax part (lib/tax).
    invoice: await findInvoice(ctx, reversed.invoiceId, reversed.customerAccountId),
    amount: reversed.amount,
    reason: "refunded",
    destination: reversed.processedBy === "prepaid_balance" ? "prepaid_balance" : "refund",
    paymentId: reversed.id,
  });
}

/**
 * For a background job: gateway payments reversed more than `olderThanMs` ago whose refund was
 * never recorded (the process died between the steps of refundReversed) are refunded again with
 * the same idempotency key, so the gateway pays out at most once; a refusal takes the reversal back.
 */
export async function retryUnfinishedRefunds(ctx: StepContext, olderThanMs = 60_000) {
  const cutoff = new Date(ctx.now().getTime() - olderThanMs);
  const unfinished = await ctx.db
    .select()
    .from(payments)
    .where(
      inBrand(
        ctx,
        payments,
        and(eq(payments.status, "reversed"), eq(payments.processedBy, "gateway"), isNull(payments.refundTransactionId), lt(payments.reversedAt, cutoff)),
      ),
    );
  let refunded = 0;
  let takenBack = 0;
  for (const p of unfinished) {
    try {
      const gateway = connectGateway(await gatewayById(ctx, p.gatewayId!));
      const refundId = await outsideTransaction(ctx, () => refundThroughGateway(gateway, p, ctx.brand.currency));
      const [recorded] = await ctx.db.update(payments).set({ refundTransactionId: refundId, updatedAt: ctx.now() }).where(eq(payments.id, p.id)).returning();
      await refundNote(ctx, recorded);
      refunded++;
    } catch (err) {
      if (!(err instanceof DomainError) || err.code === "GATEWAY_UNAVAILABLE") continue; // asked again on the next run
      const invoice = p.invoiceId ? await findInvoice(ctx, p.invoiceId, p.customerAccountId) : null;
      await takeBackReversal(ctx, p, { held: invoice ? await heldOfPayment(ctx, invoice, p.amount, { reversed: true }) : p.amount });
      takenBack++;
    }
  }
  return { refunded, takenBack };
}

/** A payment whose charge outcome was lost is settled first: only a charge that went through is refunded. */
async function settle(ctx: StepContext, payment: PaymentRow): Promise<PaymentRow> {
  const [payMethod] = await ctx.db.select().from(payMethods).where(eq(payMethods.id, payment.payMethodId!));
  const outcome = await resolveAttempt(ctx, payment, payMethod);
  if (outcome.status === "pending") throw stillPending(payment.id);
  return outcome.payment;
}
