import { isNull } from "drizzle-orm";
import { z } from "zod";
import { payGateways as t } from "../../db/schema";
import { defineList, equalsFilter } from "../lists";
import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { PROVIDERS } from "./providers";
import { findGateway } from "./queries";
import type { ListGatewaysInput } from "./schemas";
import { gatewayView, providerView } from "./view";

/** The brand's gateways (deleted ones are gone); `q` searches the name. */
export const gatewayList = defineList({
  table: t,
  filters: { provider: equalsFilter(t.provider, z.string()) },
  scope: () => isNull(t.deletedAt),
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(gatewayView),
});
export const listGatewaysPage = gatewayList.page;

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
  const { rows } = await gatewayList.window(ctx, { filters: { provider: input.gateway_provider } });
  return new WithExtras(rows, { count: rows.length, total: rows.length, providers: PROVIDERS.map(providerView) });
}
