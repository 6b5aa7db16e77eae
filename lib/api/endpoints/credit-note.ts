import { defineEndpoint } from "../endpoint";
import { CREDIT_NOTE_LIST_LIMIT, listCreditNotes } from "../../credit-notes/list";
import { ListCreditNotesParams } from "../../credit-notes/schemas";
import { creditNoteToWire } from "../../credit-notes/view";

export const creditNoteEndpoints = [
  defineEndpoint({
    resource: "CreditNote",
    action: "List",
    method: "GET",
    summary:
      `Lists credit notes, newest first (at most ${CREDIT_NOTE_LIST_LIMIT}): money taken off an issued invoice, numbered <prefix>-CN-<sequence>. ` +
      "reason: repriced (a change before the renewal lowered a paid invoice's price), deleted (Invoice/Delete of an invoice with payments), " +
      "withdrawn (billing voided an invoice whose period will not start), refunded (Payment/Delete). " +
      "destination: prepaid_balance (the customer's prepaid balance holds the money) or refund (paid back through the gateway, or by hand for a recorded payment). " +
      "Tax (extension): subtotal, tax_total and taxes, its share of each tax of the invoice it credits as when it was issued (amount = subtotal + the exclusive taxes).",
    params: ListCreditNotesParams,
    returns: "credit_note",
    list: "credit_notes",
    handler: listCreditNotes,
    wire: creditNoteToWire,
  }),
];
