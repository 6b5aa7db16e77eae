import { detachDeletedComponent } from "./catalog-effects";
import { COMPONENT } from "../catalog/queries";
import { deleteRecord } from "../catalog/status-changes";
import { componentView } from "../catalog/view";
import { type StepContext, stepped } from "../run-verb";

/** Unavailable to existing and new subscriptions (see availability.ts); restorable for 90 days. */
export const deleteComponent = stepped(async ({ ctx, input }: { ctx: StepContext; input: { component_id: string } }) => {
  const row = await deleteRecord(ctx, COMPONENT, input.component_id);
  await detachDeletedComponent(ctx, row.id);
  return componentView(row, ctx.brand.currency);
});
