import { groupBillingChanged } from "./catalog-effects";
import type { Context } from "../auth/context";
import { GROUP } from "../catalog/queries";
import { suspendRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";

/** No new subscriptions and no billing for the group's subscriptions while suspended (see availability.ts). */
export async function suspendProductGroup({ ctx, input }: { ctx: Context; input: { product_group_id: string } }) {
  const row = await suspendRecord(ctx, GROUP, input.product_group_id);
  await groupBillingChanged(ctx, row.id, false);
  return productGroupView(row);
}
