import type { Context } from "../auth/context";
import { GROUP } from "./queries";
import { deleteRecord } from "./status-changes";
import { productGroupView } from "./view";

/** Its products and components keep their own status; the group's state alone stops selling and billing them. */
export async function deleteProductGroup({ ctx, input }: { ctx: Context; input: { product_group_id: string } }) {
  return productGroupView(await deleteRecord(ctx, GROUP, input.product_group_id));
}
