import { groupBillingChanged } from "./catalog-effects";
import type { Context } from "../auth/context";
import { GROUP } from "../catalog/queries";
import { restoreRecord } from "../catalog/status-changes";
import { productGroupView } from "../catalog/view";

/** The spec gives product groups no restore window (it lists users, accounts, products, components, articles). */
export async function restoreProductGroup({ ctx, input }: { ctx: Context; input: { product_group_id: string } }) {
  const row = await restoreRecord(ctx, GROUP, input.product_group_id, { window: false });
  await groupBillingChanged(ctx, row.id, true);
  return productGroupView(row);
}
