import { endSubscriptionsOfDeletedGroup } from "./catalog-effects";
import type { Context } from "../auth/context";
import { GROUP } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";

/** Its products and components keep their own status; its subscriptions end (a restore does not bring them back). */
export async function deleteProductGroup({ ctx, input }: { ctx: Context; input: { product_group_id: string } }) {
  const row = await deleteRecord(ctx, GROUP, input.product_group_id);
  await endSubscriptionsOfDeletedGroup(ctx, row.id);
  return productGroupView(row);
}
