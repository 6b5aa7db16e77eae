import { formatAmount } from "../money";
import type { PaymentRow } from "./queries";
import { readPayment, type PaymentRead } from "./read";

/**
 * The wire: a payment as the API answers it (namespace payment), from its read row. Its own state
 * is payment_status (pending, succeeded, failed, reversed); "status" in Payment/Create's answer is
 * the invoice's (spec). Only lib/api calls it (and, until they answer read rows, the write verbs
 * through paymentView).
 */
export const paymentToWire = (p: PaymentRead) => ({
  payment_id: p.id,
  customer_account_id: p.customerAccountId,
  invoice_id: p.invoiceId,
  subscription_id: p.subscriptionId,
  pay_method_id: p.payMethodId,
  gateway_id: p.gatewayId,
  apply_to_prepaid_balance: p.target === "prepaid_balance" ? "Y" : "N",
  override_billing: p.processedBy === "recorded" ? "Y" : "N",
  amount: formatAmount(p.amountCents, p.currency),
  currency: p.currency,
  payment_status: p.status,
  failure_reason: p.failureReason,
  payment_gateway: p.paymentGateway,
  payment_transaction_id: p.paymentTransactionId,
  refund_transaction_id: p.refundTransactionId,
  /** Issue 32: the retry of a declined renewal charge this attempt was ("1" the first), empty for any other payment. */
  retry: p.retry === null ? "" : String(p.retry),
  created: p.createdAt,
  updated: p.updatedAt,
  reversed: p.reversedAt,
});

/** What the write verbs answer today: the wire of the payment as it now stands. */
export const paymentView = (p: PaymentRow, currency: string, subscriptionId: string | null = null) => paymentToWire(readPayment(p, currency, subscriptionId));
