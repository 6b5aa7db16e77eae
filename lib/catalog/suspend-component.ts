import type { Context } from "../auth/context";
import { COMPONENT } from "./queries";
import { suspendRecord } from "./status-changes";
import { componentView } from "./view";

/** Cannot be added to subscriptions; those that have it keep being billed (see availability.ts). */
export async function suspendComponent({ ctx, input }: { ctx: Context; input: { component_id: string } }) {
  return componentView(await suspendRecord(ctx, COMPONENT, input.component_id), ctx.brand.currency);
}
