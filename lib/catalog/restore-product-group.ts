import { groupBillingChanged } from "../subscriptions/catalog-effects";
import type { Context } from "../auth/context";
import { GROUP } from "./queries";
import { restoreRecord } from "./status-changes";
import { productGroupView } from "./view";

/** The spec gives product groups no restore window (it lists users, accounts, products, components, articles). */
export async function restoreProductGroup({ ctx, input }: { ctx: Context; input: { product_group_id: string } }) {
  const row = await restoreRecord(ctx, GROUP, input.product_group_id, { window: false });
  await groupBillingChanged(ctx, row.id, true);
  return productGroupView(row);
}
