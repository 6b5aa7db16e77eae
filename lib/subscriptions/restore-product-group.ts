import { groupBillingChanged } from "./catalog-effects";
import { GROUP } from "../catalog/queries";
import { restoreRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";
import { type StepContext, stepped } from "../run-verb";

/** The spec gives product groups no restore window (it lists users, accounts, products, components, articles). */
export const restoreProductGroup = stepped(async ({ ctx, input }: { ctx: StepContext; input: { product_group_id: string } }) => {
  const row = await restoreRecord(ctx, GROUP, input.product_group_id, { window: false });
  await groupBillingChanged(ctx, row.id, true);
  return productGroupView(row);
});
