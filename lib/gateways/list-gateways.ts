import { isNull } from "drizzle-orm";
import { payGateways } from "../../db/schema";
import { filters, inBrand, oldestFirst } from "../../db/scope";
import { WithExtras } from "../api/endpoint";
import type { Context } from "../auth/context";
import { PROVIDERS } from "./providers";
import { findGateway } from "./queries";
import type { ListGatewaysInput } from "./schemas";
import { gatewayView, providerView } from "./view";

/**
 * The brand's gateways (deleted ones are gone), with count and total beside them; without a
 * gateway_id also every supported provider and the credentials it needs (namespace providers).
 */
export async function listGateways({ ctx, input }: { ctx: Context; input: ListGatewaysInput }) {
  if (input.gateway_id) {
    const gateway = await findGateway(ctx, input.gateway_id);
    const items = !input.gateway_provider || gateway.provider === input.gateway_provider ? [gatewayView(gateway)] : [];
    return new WithExtras(items, { count: items.length, total: items.length });
  }
  const rows = await ctx.db
    .select()
    .from(payGateways)
    .where(inBrand(ctx, payGateways, isNull(payGateways.deletedAt), ...filters([[payGateways.provider, input.gateway_provider]])))
    .orderBy(...oldestFirst(payGateways));
  return new WithExtras(rows.map(gatewayView), { count: rows.length, total: rows.length, providers: PROVIDERS.map(providerView) });
}
