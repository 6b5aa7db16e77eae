import { detachDeletedProduct } from "./catalog-effects";
import { PRODUCT } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { productView } from "../catalog/view";
import { type StepContext, stepped } from "../run-verb";

/** Unavailable for new subscriptions and removed from existing ones (not reattached on restore). */
export const deleteProduct = stepped(async ({ ctx, input }: { ctx: StepContext; input: { product_id: string } }) => {
  const row = await deleteRecord(ctx, PRODUCT, input.product_id);
  await detachDeletedProduct(ctx, row.id);
  return productView(row, ctx.brand.currency);
});
