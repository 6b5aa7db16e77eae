import type { Context } from "../auth/context";
import { PRODUCT } from "../catalog/queries";
import type { UpdateProductInput } from "../catalog/schemas";
import { loadForChange } from "../catalog/status-changes";
import { updateProduct as updateCatalogProduct } from "../catalog/update-product";
import { reanchorSubscriptions } from "./catalog-effects";
import { assertPriceChangeInvoiceable } from "./price-rises";

/**
 * Product/Update: the catalog's change (lib/catalog/update-product.ts), and when the product's period
 * changes (unit or length), its subscriptions re-anchored on their coming renewal dates; refused when
 * a subscription's next invoice would pass the largest amount (price-rises.ts).
 */
export async function updateProduct({ ctx, input }: { ctx: Context; input: UpdateProductInput }) {
  const before = await loadForChange(ctx, PRODUCT, input.product_id);
  const answer = await updateCatalogProduct({ ctx, input });
  if (answer.interval_unit !== before.intervalUnit || answer.expiration_interval !== before.expirationInterval) {
    await reanchorSubscriptions(ctx, before.id, before.intervalUnit);
  }
  await assertPriceChangeInvoiceable(ctx, { productId: before.id }, "recurring_price");
  return answer;
}
