import { endSubscriptionsOfDeletedGroup } from "./catalog-effects";
import { GROUP } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";
import { type StepContext, stepped } from "../run-verb";

/** Its products and components keep their own status; its subscriptions end (a restore does not bring them back). */
export const deleteProductGroup = stepped(async ({ ctx, input }: { ctx: StepContext; input: { product_group_id: string } }) => {
  const row = await deleteRecord(ctx, GROUP, input.product_group_id);
  await endSubscriptionsOfDeletedGroup(ctx, row.id);
  return productGroupView(row);
});
