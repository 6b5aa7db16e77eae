import { groupBillingChanged } from "./catalog-effects";
import { GROUP } from "../catalog/queries";
import { suspendRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";
import { type StepContext, stepped } from "../run-verb";

/** No new subscriptions and no billing for the group's subscriptions while suspended (see availability.ts). */
export const suspendProductGroup = stepped(async ({ ctx, input }: { ctx: StepContext; input: { product_group_id: string } }) => {
  const row = await suspendRecord(ctx, GROUP, input.product_group_id);
  await groupBillingChanged(ctx, row.id, false);
  return productGroupView(row);
});
