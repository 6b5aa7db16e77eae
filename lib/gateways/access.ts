import type { Context } from "../auth/context";

/** Whether the context may change gateways (the actions check it again: lib/dashboard/actions/billing.ts). */
export const mayChangeGateways = (ctx: Context) => ctx.actor.kind === "system" || (ctx.actor.kind === "staff" && ctx.actor.accessLevel === "ADMIN");
