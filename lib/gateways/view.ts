import type { payGateways } from "../../db/schema";
import type { GatewayProvider } from "./providers/types";

export type GatewayRow = typeof payGateways.$inferSelect;

/** A gateway as the API shows it: credentials only masked (their last four characters). */
export const gatewayView = (g: GatewayRow) => ({
  gateway_id: g.id,
  name: g.name,
  gateway_provider: g.provider,
  credentials_1: g.credentials1Hint,
  credentials_2: g.credentials2Hint,
  default_cc: g.defaultCc,
  default_ba: g.defaultBa,
  created: g.createdAt,
  updated: g.updatedAt,
  deleted: g.deletedAt,
});

/** A supported provider and what its credentials hold (PayGateway/List's providers namespace). */
export const providerView = (p: GatewayProvider) => ({
  gateway_provider: p.id,
  name: p.name,
  credentials_1: p.credentials.credentials_1,
  credentials_2: p.credentials.credentials_2,
  pay_method_types: p.payMethodTypes.join(","),
  notes: p.notes,
});
