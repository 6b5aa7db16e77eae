import { invoices, subscriptions } from "../../db/schema";
import { findInBrand } from "../scope";
import { notFound } from "../errors";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { findCustomer } from "../accounts/customer";
import { emitInvoiceEvent } from "./events";
import { assertLinesTotal, manualLines, storedLines } from "./lines";
import { reloadInvoice } from "./queries";
import type { CreateInvoiceInput } from "./schemas";
import { invoiceView } from "./view";
import { nextDocumentNumber } from "../document-numbers";
import { taxedLines } from "../tax/rates";

/**
 * Invoice/Create: a manual invoice (auto_subscription_id, for testing, makes it look generated: it
 * must name a subscription of this brand and account, so the invoice is listed where it belongs).
 */
export async function createInvoice({ ctx, input }: { ctx: Context; input: CreateInvoiceInput }) {
  const account = await findCustomer(ctx, input.customer_account_id);
  if (input.auto_subscription_id) {
    const sub = await findInBrand(ctx, subscriptions, input.auto_subscription_id, "Subscription", "auto_subscription_id");
    if (sub.customerAccountId !== account.id) throw notFound("Subscription of this customer account", "auto_subscription_id");
  }
  const lines = await taxedLines(ctx, account, storedLines(manualLines(input.attached_items ?? [], account)));
  assertLinesTotal(lines, ctx.brand.currency);
  const id = newId();
  const now = ctx.now();
  await ctx.db.insert(invoices).values({
    id,
    brandId: ctx.brand.id,
    number: await nextDocumentNumber(ctx.db, ctx.brand.id, "invoice"),
    customerAccountId: account.id,
    subscriptionId: input.auto_subscription_id ?? null,
    dueDate: input.due_date,
    customField1: input.custom_field_1 ?? null,
    customField2: input.custom_field_2 ?? null,
    items: lines,
    createdAt: now,
    updatedAt: now,
  });
  const view = invoiceView(await reloadInvoice(ctx, id));
  await emitInvoiceEvent(ctx, "Invoice/Create", account, view);
  return view;
}
