import { isNull } from "drizzle-orm";
import { z } from "zod";
import { payGateways as t } from "../../db/schema";
import { defineList, equalsFilter, idFilter } from "../lists";
import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { findGateway } from "./queries";
import type { ListGatewaysInput } from "./schemas";
import { providerChoices, readGateway } from "./read";
import { gatewayToWire, providerToWire } from "./view";

/** The brand's gateways (deleted ones are gone); `q` searches the name. */
export const gatewayList = defineList({
  table: t,
  filters: { id: idFilter(t.id), provider: equalsFilter(t.provider, z.string()) },
  scope: () => isNull(t.deletedAt),
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readGateway),
});
export const listGatewaysPage = gatewayList.page;

/** The brand's gateways for a picker, with what each takes. */
export async function gatewayChoices(ctx: Context) {
  const { rows } = await gatewayList.window(ctx, { limit: 100 });
  return rows.map((g) => ({ value: g.id, label: `${g.name} (${g.provider})` }));
}

/**
 * The brand's gateways (deleted ones are gone), with count and total beside them; without a
 * gateway_id also every supported provider and the credentials it needs (namespace providers).
 * Not a `list` endpoint (its answer carries the providers namespace), so it answers the wire itself.
 */
export async function listGateways({ ctx, input }: { ctx: Context; input: ListGatewaysInput }) {
  if (input.gateway_id) {
    const gateway = await findGateway(ctx, input.gateway_id);
    const items = !input.gateway_provider || gateway.provider === input.gateway_provider ? [gatewayToWire(readGateway(gateway))] : [];
    return new WithExtras(items, { count: items.length, total: items.length });
  }
  const { rows } = await gatewayList.window(ctx, { filters: { provider: input.gateway_provider } });
  return new WithExtras(rows.map(gatewayToWire), { count: rows.length, total: rows.length, providers: providerChoices().map(providerToWire) });
}
