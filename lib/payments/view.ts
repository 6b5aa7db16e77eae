import type { payments } from "../../db/schema";
import { formatCents } from "../money";

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment as the API shows it (namespace payment). Its own state is payment_status (pending,
 * succeeded, failed, reversed); "status" in Payment/Create's answer is the invoice's (spec).
 */
export const paymentView = (p: PaymentRow, subscriptionId: string | null = null) => ({
  payment_id: p.id,
  customer_account_id: p.customerAccountId,
  invoice_id: p.invoiceId,
  subscription_id: subscriptionId,
  pay_method_id: p.payMethodId,
  gateway_id: p.gatewayId,
  apply_to_prepaid_balance: p.target === "prepaid_balance" ? "Y" : "N",
  override_billing: p.processedBy === "recorded" ? "Y" : "N",
  amount: formatCents(p.amount),
  payment_status: p.status,
  failure_reason: p.failureReason,
  payment_gateway: p.paymentGateway,
  payment_transaction_id: p.paymentTransactionId,
  refund_transaction_id: p.refundTransactionId,
  created: p.createdAt,
  updated: p.updatedAt,
  reversed: p.reversedAt,
});
