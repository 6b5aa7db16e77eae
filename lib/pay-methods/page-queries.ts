import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { isUuid } from "../ids";
import { payMethodList } from "./list-pay-methods";

type PageInput = Parameters<typeof payMethodList.page>[1];

/** The dashboard's pay methods list (live ones): the API's rows, with each customer's name. */
export async function payMethodsPage(ctx: Context, input: PageInput) {
  const { rows, total } = await payMethodList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

/** One pay method (deleted ones too, as the API finds them by id) with its customer's name. */
export async function payMethodDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const { rows } = await payMethodList.page(ctx, { filters: { id } });
  return rows[0] ? (await withCustomerNames(ctx, rows))[0] : null;
}
