import type { Context } from "../auth/context";
import { PRODUCT } from "./queries";
import { deleteRecord } from "./status-changes";
import { productView } from "./view";

/**
 * Unavailable for new subscriptions from now on. Detaching it from existing subscriptions (and
 * not reattaching on restore) belongs to the subscriptions work, which reads the deleted status.
 */
export async function deleteProduct({ ctx, input }: { ctx: Context; input: { product_id: string } }) {
  return productView(await deleteRecord(ctx, PRODUCT, input.product_id));
}
