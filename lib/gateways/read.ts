import type { PayMethodType, payGateways } from "../../db/schema";
import { PROVIDERS } from "./providers";
import type { GatewayProvider } from "./providers/types";

export type GatewayRow = typeof payGateways.$inferSelect;

/**
 * Payment gateways as every reader gets them (the dashboard, the API's PayGateway/List through
 * toWire in ./view.ts): the credentials only masked, as they were stored (their last four
 * characters, lib/gateways/credentials.ts), never the sealed values; flags as booleans, instants as
 * Dates. A deleted gateway is gone for every reader.
 */
export interface GatewayRead {
  id: string;
  name: string;
  /** The gateway_provider, e.g. "sandbox" (./providers). */
  provider: string;
  /** What is shown of credentials_1 and credentials_2: "****1234" or "****". */
  credentials1Masked: string;
  credentials2Masked: string | null;
  /** Whether new cards, and new bank accounts, are added on this gateway. */
  defaultForCards: boolean;
  defaultForBankAccounts: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const readGateway = (g: GatewayRow): GatewayRead => ({
  id: g.id,
  name: g.name,
  provider: g.provider,
  credentials1Masked: g.credentials1Hint,
  credentials2Masked: g.credentials2Hint,
  defaultForCards: g.defaultCc === "Y",
  defaultForBankAccounts: g.defaultBa === "Y",
  createdAt: g.createdAt,
  updatedAt: g.updatedAt,
  deletedAt: g.deletedAt,
});

/** A supported provider and what its credentials hold (the create form's choices; PayGateway/List's providers namespace). */
export interface ProviderRead {
  id: string;
  name: string;
  /** What credentials_1 and credentials_2 hold for it. */
  credentials1: string;
  credentials2: string;
  payMethodTypes: PayMethodType[];
  notes: string;
}

export const readProvider = (p: GatewayProvider): ProviderRead => ({
  id: p.id,
  name: p.name,
  credentials1: p.credentials.credentials_1,
  credentials2: p.credentials.credentials_2,
  payMethodTypes: [...p.payMethodTypes],
  notes: p.notes,
});

/** Every supported provider (for the create form). */
export const providerChoices = () => PROVIDERS.map(readProvider);
