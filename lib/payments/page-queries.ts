import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { isUuid } from "../ids";
import { paymentList } from "./list-payments";

type PageInput = Parameters<typeof paymentList.page>[1];

/** The dashboard's payments list: the API's rows, with each customer's name. */
export async function paymentsPage(ctx: Context, input: PageInput) {
  const { rows, total } = await paymentList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

export async function paymentDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const { rows } = await paymentList.page(ctx, { filters: { id } });
  return rows[0] ? (await withCustomerNames(ctx, rows))[0] : null;
}
