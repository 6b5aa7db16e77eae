import { z } from "zod";
import { id, opt, text } from "../wire/params";

export const ListCreditNotesParams = z.object({
  credit_note_id: opt(id(), "Only this credit note", { refersTo: "CreditNote" }),
  customer_account_id: opt(id(), "Only credit notes of this customer account", { refersTo: "Account" }),
  invoice_id: opt(id(), "Only credit notes against this invoice", { refersTo: "Invoice" }),
  number: opt(text(40), "Only the credit note with this number, like ACME-CN-000001"),
});

export type ListCreditNotesInput = z.output<typeof ListCreditNotesParams>;
