import type { Context } from "../auth/context";
import { GROUP } from "./queries";
import type { UpdateProductGroupInput } from "./schemas";
import { assertNotDeleted, loadForChange, saveChanges } from "./status-changes";
import { productGroupValues } from "./values";
import { productGroupView } from "./view";

/** Sets each supplied field; action_url and VARn supplied empty are cleared. */
export async function updateProductGroup({ ctx, input }: { ctx: Context; input: UpdateProductGroupInput }) {
  const group = await loadForChange(ctx, GROUP, input.product_group_id);
  assertNotDeleted(group, GROUP.what, GROUP.parameter);
  const changes = productGroupValues(input);
  if (Object.keys(changes).length === 0) return productGroupView(group);
  return productGroupView(await saveChanges(ctx, GROUP.table, group.id, changes));
}
