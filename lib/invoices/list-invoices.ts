import { selectRows } from "../../db/client";
import { count, desc } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { inBrand, impossibleIds, filters } from "../../db/scope";
import type { Context } from "../auth/context";
import { withAmounts } from "./queries";
import type { ListInvoicesInput } from "./schemas";
import { invoiceView } from "./view";

/** Spec, Limits: 50 invoices, or 400 for one customer account or subscription. */
export const LIST_LIMIT = 50;
export const FILTERED_LIST_LIMIT = 400;

/** Newest first (deleted ones too, as status 3); total counts every match. */
export async function listInvoices({ ctx, input }: { ctx: Context; input: ListInvoicesInput }) {
  if (impossibleIds(input.invoice_id, input.customer_account_id, input.subscription_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    invoices,
    ...filters([
      [invoices.id, input.invoice_id],
      [invoices.customerAccountId, input.customer_account_id],
      [invoices.subscriptionId, input.subscription_id],
      [invoices.customField1, input.custom_field_1],
      [invoices.customField2, input.custom_field_2],
    ]),
  );
  const limit = input.customer_account_id || input.subscription_id ? FILTERED_LIST_LIMIT : LIST_LIMIT;
  const [rows, [{ total }]] = await Promise.all([
    selectRows(ctx.db, invoices, { where, orderBy: [desc(invoices.createdAt), desc(invoices.id)], limit }),
    ctx.db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { items: (await withAmounts(ctx, rows)).map(invoiceView), total };
}
