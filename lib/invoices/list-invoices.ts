import { selectRows } from "../../db/client";
import { count, desc, eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { withAmounts } from "./queries";
import type { ListInvoicesInput } from "./schemas";
import { invoiceView } from "./view";

/** Spec, Limits: 50 invoices, or 400 for one customer account or subscription. */
export const LIST_LIMIT = 50;
export const FILTERED_LIST_LIMIT = 400;

/** Newest first (deleted ones too, as status 3); total counts every match. */
export async function listInvoices({ ctx, input }: { ctx: Context; input: ListInvoicesInput }) {
  const ids = [input.invoice_id, input.customer_account_id, input.subscription_id];
  if (ids.some((id) => id && !isUuid(id))) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    invoices,
    input.invoice_id ? eq(invoices.id, input.invoice_id) : undefined,
    input.customer_account_id ? eq(invoices.customerAccountId, input.customer_account_id) : undefined,
    input.subscription_id ? eq(invoices.subscriptionId, input.subscription_id) : undefined,
    input.custom_field_1 ? eq(invoices.customField1, input.custom_field_1) : undefined,
    input.custom_field_2 ? eq(invoices.customField2, input.custom_field_2) : undefined,
  );
  const limit = input.customer_account_id || input.subscription_id ? FILTERED_LIST_LIMIT : LIST_LIMIT;
  const [rows, [{ total }]] = await Promise.all([
    selectRows(ctx.db, ctx.db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(limit)),
    ctx.db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { items: (await withAmounts(ctx, rows)).map(invoiceView), total };
}
