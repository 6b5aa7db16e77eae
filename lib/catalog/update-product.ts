import type { Context } from "../auth/context";
import { PRODUCT } from "./queries";
import type { UpdateProductInput } from "./schemas";
import { assertNotDeleted, loadForChange, saveChanges } from "./status-changes";
import { productValues } from "./values";
import { productView } from "./view";

/**
 * The required fields are sent every time; optional ones follow Update semantics (turning trial or
 * auto_pay_discount off keeps what depends on it, unused). product_group_id is not a parameter: it cannot change.
 */
export async function updateProduct({ ctx, input }: { ctx: Context; input: UpdateProductInput }) {
  const product = await loadForChange(ctx, PRODUCT, input.product_id);
  assertNotDeleted(product, PRODUCT.what, PRODUCT.parameter);
  return productView(await saveChanges(ctx, PRODUCT.table, product.id, productValues(input, product)), ctx.brand.currency);
}
