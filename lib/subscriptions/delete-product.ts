import { detachDeletedProduct } from "./catalog-effects";
import type { Context } from "../auth/context";
import { PRODUCT } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { productView } from "../catalog/view";

/** Unavailable for new subscriptions and removed from existing ones (not reattached on restore). */
export async function deleteProduct({ ctx, input }: { ctx: Context; input: { product_id: string } }) {
  const row = await deleteRecord(ctx, PRODUCT, input.product_id);
  await detachDeletedProduct(ctx, row.id);
  return productView(row, ctx.brand.currency);
}
