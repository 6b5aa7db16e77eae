import type { Context } from "../auth/context";
import { PRODUCT } from "./queries";
import { suspendRecord } from "./status-changes";
import { productView } from "./view";

/** No new subscriptions; existing ones keep being billed (see availability.ts). */
export async function suspendProduct({ ctx, input }: { ctx: Context; input: { product_id: string } }) {
  return productView(await suspendRecord(ctx, PRODUCT, input.product_id), ctx.brand.currency);
}
