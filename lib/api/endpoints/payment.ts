import { defineEndpoint } from "../endpoint";
import { CreatePaymentParams, DeletePaymentParams, ListPaymentsParams } from "../../payments/schemas";
import { listPayments, PAYMENT_LIST_LIMIT } from "../../payments/list-payments";
import { createPayment } from "../../payments/create-payment";
import { deletePayment } from "../../payments/delete-payment";
import { paymentToWire } from "../../payments/view";

const returns = "payment";
const ANSWER =
  "Answers the payment (its own state in payment_status) and the invoice namespace, whose status is the invoice status (1 paid, 2 partially paid, 0 unpaid), or for the prepaid balance the customer_account namespace.";

export const paymentEndpoints = [
  defineEndpoint({
    resource: "Payment",
    action: "List",
    method: "GET",
    summary: `Lists payments, newest first (at most ${PAYMENT_LIST_LIMIT}), failed and reversed ones too (payment_status tells).`,
    params: ListPaymentsParams,
    returns,
    list: "payments",
    handler: listPayments,
    wire: paymentToWire,
  }),
  defineEndpoint({
    resource: "Payment",
    action: "Create",
    method: "POST",
    summary:
      "Posts a payment to an invoice or to the prepaid balance: charged now through the pay method's gateway (override_billing N), or recorded as taken elsewhere (override_billing Y). " +
      "A declined charge is recorded with its reason (payment_status failed). A gateway answer lost in transit is settled with the gateway before anything is charged again. " +
      ANSWER,
    params: CreatePaymentParams,
    returns,
    refusals: [
      "402 PAYMENT_DECLINED when the gateway declines the charge (the failed payment stays on record with its reason)",
      "502 GATEWAY_UNAVAILABLE when the gateway's answer is lost; the payment stays pending and is settled before any new charge (send the request again)",
      "409 INVALID_STATE when amount is more than the invoice's balance (overpayments are refused), or the invoice is paid or deleted",
      "409 INVALID_STATE when the pay method is unverified or deleted, its gateway is deleted, or the account has no default pay method",
      "400 INVALID_PARAMETER invoice_id with apply_to_prepaid_balance Y; payment_gateway or payment_transaction_id with override_billing N",
    ],
    handler: createPayment,
  }),
  defineEndpoint({
    resource: "Payment",
    action: "Delete",
    method: "DELETE",
    summary:
      "Reverses a payment: a real-time one is refunded through the gateway that charged it; the invoice goes back to partially paid or unpaid, a prepaid credit is taken back. " +
      ANSWER,
    params: DeletePaymentParams,
    returns,
    refusals: [
      "404 NOT_FOUND on payment_id when the payment did not go to invoice_id (prepaid_balance: to the prepaid balance)",
      "409 INVALID_STATE when the payment failed or is already reversed, or the prepaid balance no longer holds it",
      "409 INVALID_STATE when the gateway refuses the refund; 502 GATEWAY_UNAVAILABLE when it does not answer (nothing changed; send it again)",
    ],
    handler: deletePayment,
  }),
];
