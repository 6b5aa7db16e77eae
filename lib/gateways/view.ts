import { readGateway, type GatewayRead, type GatewayRow, type ProviderRead } from "./read";

const yn = (b: boolean) => (b ? "Y" : "N");

/** The wire: a gateway as the API answers it, from its read row: credentials only masked (their last four characters). */
export const gatewayToWire = (g: GatewayRead) => ({
  gateway_id: g.id,
  name: g.name,
  gateway_provider: g.provider,
  credentials_1: g.credentials1Masked,
  credentials_2: g.credentials2Masked,
  default_cc: yn(g.defaultForCards),
  default_ba: yn(g.defaultForBankAccounts),
  created: g.createdAt,
  updated: g.updatedAt,
  deleted: g.deletedAt,
});

/** A supported provider and what its credentials hold (PayGateway/List's providers namespace). */
export const providerToWire = (p: ProviderRead) => ({
  gateway_provider: p.id,
  name: p.name,
  credentials_1: p.credentials1,
  credentials_2: p.credentials2,
  pay_method_types: p.payMethodTypes.join(","),
  notes: p.notes,
});

/** What the write verbs answer today: the wire of the gateway as it now stands. */
export const gatewayView = (g: GatewayRow) => gatewayToWire(readGateway(g));
