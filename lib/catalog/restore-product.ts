import type { Context } from "../auth/context";
import { assertGroupNotDeleted, PRODUCT } from "./queries";
import { restoreRecord } from "./status-changes";
import { productView } from "./view";

/** From suspended, or from deleted within 90 days; never into a deleted group. */
export async function restoreProduct({ ctx, input }: { ctx: Context; input: { product_id: string } }) {
  const row = await restoreRecord(ctx, PRODUCT, input.product_id, {
    window: true,
    check: (p) => assertGroupNotDeleted(ctx, p.productGroupId, PRODUCT),
  });
  return productView(row, ctx.brand.currency);
}
