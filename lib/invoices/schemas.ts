import { z } from "zod";
import { date, flag, id, json, keep, money, normalizeDocumentNumber, opt, req, text } from "../wire/params";
import { cardFreeText } from "../gateways/card-numbers";

/** At most this many items on one manual invoice. */
export const MAX_ITEMS = 100;

/** An amount as text ("25.00") or a JSON number (25.5), as integer minor units of the brand's currency. */
const amount = () => z.union([z.string(), z.number()], { error: "must be an amount like 25.00" }).transform(String).pipe(money());

const quantity = () =>
  z
    .union([z.string(), z.number()], { error: "must be a whole number" })
    .transform(String)
    .pipe(z.string().regex(/^[1-9]\d{0,5}$/, { error: "must be a whole number from 1 to 999999" }))
    .transform(Number);

/** One element of attached_items; unknown keys are refused so a misspelt one is not silently lost. */
export const AttachedItemSchema = z.strictObject({
  item_name: cardFreeText(255).min(1, { error: "must not be empty" }),
  item_price: amount(),
  tax_exempt: flag().optional(),
  quantity: quantity().optional(),
});
export type AttachedItem = z.output<typeof AttachedItemSchema>;

const attachedItems = (description: string) =>
  opt(json(z.array(AttachedItemSchema).max(MAX_ITEMS, { error: `must have at most ${MAX_ITEMS} items` }), "JSON"), description, {
    example: '[{"item_name":"Consulting","item_price":"25.00","tax_exempt":"N"}]',
  });

const ITEMS_DOC = "JSON array of {item_name, item_price (amount like 25.00), tax_exempt (Y/N, default the account's), quantity (optional, default 1)}";

const accountId = (description: string) => req(id(), description, { refersTo: "Account" });
const invoiceId = (description: string) => req(id(), description, { refersTo: "Invoice" });
const dueDate = () => req(date(), "Due date, M/D/YYYY", { example: "12/31/2026" });
const customFields = {
  custom_field_1: opt(text(255), "Free field 1"),
  custom_field_2: opt(text(255), "Free field 2"),
};

export const ListInvoicesParams = z.object({
  invoice_id: opt(id(), "Only this invoice", { refersTo: "Invoice" }),
  customer_account_id: opt(id(), "Only invoices of this customer account (up to 400 returned)", { refersTo: "Account" }),
  subscription_id: opt(id(), "Only invoices generated for this subscription (up to 400 returned)"),
  custom_field_1: opt(text(255), "Only invoices whose custom_field_1 is exactly this"),
  custom_field_2: opt(text(255), "Only invoices whose custom_field_2 is exactly this"),
  number: opt(text(40).transform(normalizeDocumentNumber), "Only the invoice with this number, like NC-000042 (any case)", { example: "NC-000042" }),
});

export const CreateInvoiceParams = z.object({
  customer_account_id: accountId("The customer account to invoice"),
  due_date: dueDate(),
  attached_items: attachedItems(`The invoice's items: ${ITEMS_DOC}`),
  ...customFields,
  auto_subscription_id: opt(
    id(),
    "For testing only: a subscription of this customer account, stored as the invoice's subscription_id, so the invoice behaves as one generated for it (Invoice/Update then refuses it)",
    { refersTo: "Subscription" },
  ),
});

export const UpdateInvoiceParams = z.object({
  invoice_id: invoiceId("The invoice to change (not one generated for a subscription)"),
  customer_account_id: accountId("The customer account the invoice belongs to"),
  due_date: dueDate(),
  attached_items: attachedItems(`Replaces all items: ${ITEMS_DOC}; empty removes them all; absent keeps them`),
  ...customFields,
});

export const InvoiceRefParams = z.object({
  invoice_id: invoiceId("The invoice"),
  customer_account_id: accountId("The customer account the invoice belongs to"),
});

export const RemindInvoiceParams = z.object({
  customer_account_id: accountId("The customer account the invoice belongs to"),
  invoice_id: invoiceId("The invoice to remind the customer of"),
  bypass_overdue: keep(flag(), "Y sends the reminder even when the invoice is not yet a day overdue"),
});

export type ListInvoicesInput = z.output<typeof ListInvoicesParams>;
export type CreateInvoiceInput = z.output<typeof CreateInvoiceParams>;
export type UpdateInvoiceInput = z.output<typeof UpdateInvoiceParams>;
export type InvoiceRefInput = z.output<typeof InvoiceRefParams>;
export type RemindInvoiceInput = z.output<typeof RemindInvoiceParams>;
