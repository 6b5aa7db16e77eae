import type { Context } from "../auth/context";
import { assertGroupNotDeleted, COMPONENT } from "./queries";
import { restoreRecord } from "./status-changes";
import { componentView } from "./view";

/** From suspended, or from deleted within 90 days; never into a deleted group. */
export async function restoreComponent({ ctx, input }: { ctx: Context; input: { component_id: string } }) {
  const row = await restoreRecord(ctx, COMPONENT, input.component_id, {
    window: true,
    check: (c) => assertGroupNotDeleted(ctx, c.productGroupId, COMPONENT),
  });
  return componentView(row, ctx.brand.currency);
}
