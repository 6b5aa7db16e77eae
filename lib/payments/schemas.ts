import { z } from "zod";
import { flag, id, money, opt, req, text } from "../wire/params";
import { cardFreeText } from "../gateways/card-numbers";

const accountId = (description: string) => req(id(), description, { refersTo: "Account" });

export const ListPaymentsParams = z.object({
  payment_id: opt(id(), "Only this payment", { refersTo: "Payment" }),
  invoice_id: opt(id(), "Only payments to this invoice", { refersTo: "Invoice" }),
  customer_account_id: opt(id(), "Only payments of this customer account", { refersTo: "Account" }),
  pay_method_id: opt(id(), "Only payments with this pay method", { refersTo: "PayMethod" }),
  subscription_id: opt(id(), "Only payments to invoices of this subscription"),
  payment_transaction_id: opt(text(255), "Only payments with this gateway or third-party transaction id"),
});

export const CreatePaymentParams = z
  .object({
    customer_account_id: accountId("The paying customer account"),
    apply_to_prepaid_balance: req(flag(), "Y: credit the customer's prepaid balance instead of an invoice (invoice_id must then be empty)", { example: "Y" }),
    override_billing: req(flag(), "Y: only record a payment taken elsewhere (cash, check, a third party); N: charge a pay method now through its gateway", {
      example: "Y",
    }),
    amount: req(
      money().refine((cents) => cents > 0, { error: "must be more than 0.00" }),
      "The amount, like 25.00; at most the invoice's balance (overpayments are refused)",
      { example: "25.00" },
    ),
    invoice_id: opt(id(), "The invoice paid (required when apply_to_prepaid_balance is N)", { refersTo: "Invoice" }),
    pay_method_id: opt(id(), "The pay method charged (override_billing N; default: the account's default pay method) or used", { refersTo: "PayMethod" }),
    payment_gateway: opt(cardFreeText(100), "override_billing Y: who took the payment, e.g. cash, check, PayPal"),
    payment_transaction_id: opt(text(255), "override_billing Y: their transaction id"),
  })
  .superRefine((v, c) => {
    if (v.apply_to_prepaid_balance === "N" && !v.invoice_id) {
      c.addIssue({ code: "custom", path: ["invoice_id"], message: "is required when apply_to_prepaid_balance is N", params: { code: "MISSING_PARAMETER" } });
    }
    for (const p of ["payment_gateway", "payment_transaction_id"] as const) {
      if (v[p] && v.override_billing === "N") {
        c.addIssue({ code: "custom", path: [p], message: "needs override_billing Y (a real-time charge gets its transaction id from the gateway)" });
      }
    }
  });

/** Payment/Delete's invoice_id for a payment that went to the prepaid balance (it has no invoice). */
export const PREPAID_BALANCE = "prepaid_balance";

export const DeletePaymentParams = z.object({
  payment_id: req(id(), "The payment to reverse", { refersTo: "Payment" }),
  customer_account_id: accountId("The customer account of the payment"),
  invoice_id: req(id(), `The invoice the payment went to (spec: req), or ${PREPAID_BALANCE} for a payment to the prepaid balance`, { refersTo: "Invoice" }),
});

export type ListPaymentsInput = z.output<typeof ListPaymentsParams>;
export type CreatePaymentInput = z.output<typeof CreatePaymentParams>;
export type DeletePaymentInput = z.output<typeof DeletePaymentParams>;
