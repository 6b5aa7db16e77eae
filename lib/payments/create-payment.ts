import { DomainError, invalidState } from "../errors";
import { assertNotDeleted, findInvoice } from "../invoices/queries";
import { assertChargeable, defaultPayMethod, findPayMethod } from "../pay-methods/queries";
import { paymentAnswer } from "./answer";
import { attemptCharge, recordPayment, type AttemptOutcome } from "./attempts";
import { findCustomer, lockCustomer } from "../accounts/customer";
import { assertWithinBalance } from "./queries";
import type { CreatePaymentInput } from "./schemas";
import { settlePendingPayments, stillPending } from "./settle-pending";
import { type StepContext, stepped } from "../run-verb";

/**
 * Payment/Create: records a payment taken elsewhere (override_billing Y) or charges a pay method
 * now; to an invoice (at most its balance) or to the prepaid balance. A declined charge stays on
 * record with its reason and is answered 402 PAYMENT_DECLINED.
 */
export const createPayment = stepped(async ({ ctx, input }: { ctx: StepContext; input: CreatePaymentInput }) => {
  const account = await findCustomer(ctx, input.customer_account_id);
  const invoice = input.invoice_id ? await findInvoice(ctx, input.invoice_id, account.id, { lock: true }) : null;
  const chosen = input.pay_method_id ? await findPayMethod(ctx, input.pay_method_id, account.id) : null;
  if (input.apply_to_prepaid_balance === "Y" && invoice) {
    throw new DomainError("INVALID_PARAMETER", "invoice_id must be empty when apply_to_prepaid_balance is Y", { parameter: "invoice_id" });
  }
  if (invoice) assertNotDeleted(invoice);
  else await lockCustomer(ctx, account.id);
  const target = invoice ? { invoiceId: invoice.id } : { prepaidOf: account.id };

  if (input.override_billing === "Y") {
    await settlePendingPayments(ctx, target);
    if (invoice) await assertWithinBalance(ctx, invoice, input.amount);
    const payment = await recordPayment(ctx, {
      customerAccountId: account.id,
      invoiceId: invoice?.id ?? null,
      payMethodId: chosen?.id ?? null,
      processedBy: "recorded",
      amount: input.amount,
      paymentGateway: input.payment_gateway ?? null,
      paymentTransactionId: input.payment_transaction_id ?? null,
    });
    return paymentAnswer(ctx, payment);
  }

  const payMethod = chosen ?? (await defaultPayMethod(ctx, account.id));
  if (!payMethod) throw invalidState("The customer account has no default pay method; send pay_method_id", "pay_method_id");
  assertChargeable(payMethod);
  // The same charge asked for again after a lost answer is settled, not charged a second time.
  const retried = await settlePendingPayments(ctx, target, { payMethodId: payMethod.id, amount: input.amount });
  let outcome: AttemptOutcome;
  if (retried) outcome = retried;
  else {
    if (invoice) await assertWithinBalance(ctx, invoice, input.amount);
    outcome = await attemptCharge(ctx, { customerAccountId: account.id, invoiceId: invoice?.id ?? null, payMethod, amount: input.amount });
  }
  refuseUnlessSucceeded(outcome);
  return paymentAnswer(ctx, outcome.payment);
});

export function refuseUnlessSucceeded(outcome: AttemptOutcome) {
  const { payment } = outcome;
  if (outcome.status === "pending") throw stillPending(payment.id);
  if (outcome.status === "failed") {
    throw new DomainError(
      "PAYMENT_DECLINED",
      `The payment was declined: ${payment.failureReason}. It is on record as payment ${payment.id} (payment_status failed)`,
      {
        parameter: "pay_method_id",
      },
    );
  }
}
