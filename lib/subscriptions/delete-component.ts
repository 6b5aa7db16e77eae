import { detachDeletedComponent } from "./catalog-effects";
import type { Context } from "../auth/context";
import { COMPONENT } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { componentView } from "../catalog/view";

/** Unavailable to existing and new subscriptions (see availability.ts); restorable for 90 days. */
export async function deleteComponent({ ctx, input }: { ctx: Context; input: { component_id: string } }) {
  const row = await deleteRecord(ctx, COMPONENT, input.component_id);
  await detachDeletedComponent(ctx, row.id);
  return componentView(row, ctx.brand.currency);
}
