import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { isUuid } from "../ids";
import { invoiceList } from "./list-invoices";

type PageInput = Parameters<typeof invoiceList.page>[1];

/** The dashboard's invoices list: the API's rows, with each customer's name. */
export async function invoicesPage(ctx: Context, input: PageInput) {
  const { rows, total } = await invoiceList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

/** One invoice (deleted ones too) with its customer's name; null when the brand has none by that id. */
export async function invoiceDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const { rows } = await invoiceList.page(ctx, { filters: { id } });
  return rows[0] ? (await withCustomerNames(ctx, rows))[0] : null;
}
