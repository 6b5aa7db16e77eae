import { defineEndpoint } from "../endpoint";
import { CreateInvoiceParams, InvoiceRefParams, ListInvoicesParams, RemindInvoiceParams, UpdateInvoiceParams } from "../../invoices/schemas";
import { FILTERED_LIST_LIMIT, LIST_LIMIT, listInvoices } from "../../invoices/list-invoices";
import { createInvoice } from "../../invoices/create-invoice";
import { updateInvoice } from "../../payments/update-invoice";
import { deleteInvoice } from "../../payments/delete-invoice";
import { remindInvoice } from "../../invoices/remind-invoice";
import { invoiceToWire } from "../../invoices/view";

const returns = "invoice";
const AMOUNTS =
  "total is the sum of the items, balance is total minus the payments that went through; status 0 unpaid, 1 paid, 2 partially paid, 3 deleted; items are nested. " +
  "Tax (extension): subtotal, tax_total and taxes (one per rate: name, percentage, inclusive, reverse_charge, taxed_amount, tax, customer_tax_id, seller_tax_id); " +
  "tax_exempt Y with tax_exempt_reason when the account was tax exempt when the invoice was priced; tax_note, what the invoice states (the exemption, or Reverse charge with both tax ids).";

export const invoiceEndpoints = [
  defineEndpoint({
    resource: "Invoice",
    action: "List",
    method: "GET",
    summary: `Lists invoices, newest first: at most ${LIST_LIMIT}, or ${FILTERED_LIST_LIMIT} with customer_account_id or subscription_id. ${AMOUNTS}`,
    params: ListInvoicesParams,
    returns,
    list: "invoices",
    handler: listInvoices,
    wire: invoiceToWire,
  }),
  defineEndpoint({
    resource: "Invoice",
    action: "Create",
    method: "POST",
    summary: `Creates a manual invoice (charges outside any subscription) and emits Invoice/Create. ${AMOUNTS}`,
    params: CreateInvoiceParams,
    returns,
    refusals: [
      "409 INVALID_STATE when the customer account is deleted",
      "400 INVALID_PARAMETER attached_items when an item is malformed (the message names it)",
      "404 NOT_FOUND auto_subscription_id when it is not a subscription of this brand and customer account",
    ],
    handler: createInvoice,
  }),
  defineEndpoint({
    resource: "Invoice",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a manual invoice: due_date is set, attached_items replaces every item (empty removes them, absent keeps them), custom fields absent are kept and empty are cleared.",
    params: UpdateInvoiceParams,
    returns,
    refusals: [
      "409 INVALID_STATE for an invoice generated for a subscription (or created with auto_subscription_id)",
      "409 INVALID_STATE for a deleted invoice, or items totalling less than what has been paid",
    ],
    handler: updateInvoice,
  }),
  defineEndpoint({
    resource: "Invoice",
    action: "Delete",
    method: "DELETE",
    summary:
      "Deletes an invoice, generated ones too (status 3). Irreversible; its payments stay on record and can still be reversed. Deleting it again changes nothing.",
    params: InvoiceRefParams,
    returns,
    handler: deleteInvoice,
  }),
  defineEndpoint({
    resource: "Invoice",
    action: "Reminder",
    method: "POST",
    summary:
      "Emits the Invoice/Reminder notification (emailed when the brand has configured it) for an invoice at least one day overdue in the brand's time zone.",
    params: RemindInvoiceParams,
    returns,
    refusals: [
      "409 INVALID_STATE when the invoice is less than a day overdue and bypass_overdue is not Y",
      "409 INVALID_STATE when the invoice is paid or deleted",
    ],
    handler: remindInvoice,
  }),
];
