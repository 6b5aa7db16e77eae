import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { PROVIDERS } from "./providers";
import { gatewayList } from "./list-gateways";
import { providerView } from "./view";

/** The brand's gateways for the dashboard list (credentials masked, as the API shows them). */
export const gatewaysPage = gatewayList.page;

export async function gatewayDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const { rows } = await gatewayList.window(ctx, {});
  return rows.find((g) => g.gateway_id === id) ?? null;
}

/** Every supported provider and what its credentials hold (for the create form). */
export const providerChoices = () => PROVIDERS.map(providerView);

/** The brand's gateways for a picker, with what each takes. */
export async function gatewayChoices(ctx: Context) {
  const { rows } = await gatewayList.window(ctx, { limit: 100 });
  return rows.map((g) => ({ value: g.gateway_id, label: `${g.name} (${g.gateway_provider})` }));
}

/** Whether the context may change gateways (the actions check it again: lib/dashboard/actions/billing.ts). */
export const mayChangeGateways = (ctx: Context) => ctx.actor.kind === "system" || (ctx.actor.kind === "staff" && ctx.actor.accessLevel === "ADMIN");
