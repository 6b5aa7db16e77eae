import { eq, isNull, ne } from "drizzle-orm";
import { brands, payGateways, type PayMethodType } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError, invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { credentialContext, maskCredential, openCredential, sealCredential } from "./credentials";
import { providerOf } from "./providers";
import type { GatewayConnection, GatewayProvider } from "./providers/types";
import type { GatewayRow } from "./read";

/** A gateway of the brand that is not deleted (a deleted one is gone for the API), or NOT_FOUND. */
export async function findGateway(ctx: Context, id: string, parameter = "gateway_id"): Promise<GatewayRow> {
  if (!isUuid(id)) throw notFound("Payment gateway", parameter);
  const [row] = await ctx.db
    .select()
    .from(payGateways)
    .where(inBrand(ctx, payGateways, eq(payGateways.id, id), isNull(payGateways.deletedAt)));
  if (!row) throw notFound("Payment gateway", parameter);
  return row;
}

/** Any gateway of the brand, deleted ones included: refunds and reconciliation go through the gateway that charged. */
export async function gatewayById(ctx: Context, id: string): Promise<GatewayRow> {
  const [row] = await ctx.db
    .select()
    .from(payGateways)
    .where(inBrand(ctx, payGateways, eq(payGateways.id, id)));
  if (!row) throw notFound("Payment gateway");
  return row;
}

const DEFAULT_COLUMN = { CC: "defaultCc", BA: "defaultBa" } as const;

export async function defaultGateway(ctx: Context, type: PayMethodType): Promise<GatewayRow | null> {
  const column = payGateways[DEFAULT_COLUMN[type]];
  const [row] = await ctx.db
    .select()
    .from(payGateways)
    .where(inBrand(ctx, payGateways, eq(column, "Y"), isNull(payGateways.deletedAt)));
  return row ?? null;
}

/** The provider's client for this gateway, with its credentials decrypted for the call only. */
export function connectGateway(gateway: GatewayRow): GatewayConnection {
  const credentials2 = gateway.credentials2 ? openCredential(gateway.credentials2, credentialContext(gateway, "credentials_2")) : null;
  return providerOf(gateway.provider).connect({
    id: gateway.id,
    credentials1: openCredential(gateway.credentials1, credentialContext(gateway, "credentials_1")),
    credentials2,
  });
}

/** Refuses credentials the provider could never use, naming the parameter. */
export function assertCredentials(provider: GatewayProvider, credentials1: string, credentials2: string | null) {
  const problem = provider.checkCredentials(credentials1, credentials2);
  if (problem) throw new DomainError("INVALID_PARAMETER", `${problem.parameter} ${problem.message}`, { parameter: problem.parameter });
}

/** The encrypted columns and their masked hints, for one gateway. */
export function sealedCredentials(gateway: { brandId: string; id: string }, credentials1: string, credentials2: string | null) {
  return {
    credentials1: sealCredential(credentials1, credentialContext(gateway, "credentials_1")),
    credentials1Hint: maskCredential(credentials1),
    credentials2: credentials2 ? sealCredential(credentials2, credentialContext(gateway, "credentials_2")) : null,
    credentials2Hint: credentials2 ? maskCredential(credentials2) : null,
  };
}

export interface DefaultFlags {
  default_cc?: "Y" | "N";
  default_ba?: "Y" | "N";
}

const FLAGS = [
  { param: "default_cc", type: "CC", column: "defaultCc", what: "cards" },
  { param: "default_ba", type: "BA", column: "defaultBa", what: "bank accounts" },
] as const;

/**
 * Spec, Errors 10: a default is never unset, only replaced by another gateway. A Y is refused for
 * a type the provider does not take. `current` is null for a gateway being created.
 */
export function assertDefaultFlags(provider: GatewayProvider, current: GatewayRow | null, flags: DefaultFlags) {
  for (const f of FLAGS) {
    const value = flags[f.param];
    if (value === "N" && current?.[f.column] === "Y") {
      throw invalidState(
        `This gateway is the brand's default for ${f.what}; a default cannot be unset, only replaced: make another gateway the default`,
        f.param,
      );
    }
    if (value === "Y" && !provider.payMethodTypes.includes(f.type)) {
      throw new DomainError("INVALID_PARAMETER", `${f.param} must be N: ${provider.name} does not take ${f.what}`, { parameter: f.param });
    }
  }
}

/** Makes the gateway the default for each flag that is Y, taking the role from the previous default. */
export async function makeDefault(ctx: Context, gatewayId: string, flags: DefaultFlags) {
  const chosen = FLAGS.filter((f) => flags[f.param] === "Y");
  if (!chosen.length) return;
  // One default change per brand at a time, so the partial unique indexes never see two.
  await ctx.db.select({ id: brands.id }).from(brands).where(eq(brands.id, ctx.brand.id)).for("no key update");
  for (const f of chosen) {
    const column = payGateways[f.column];
    await ctx.db
      .update(payGateways)
      .set({ [f.column]: "N" })
      .where(inBrand(ctx, payGateways, eq(column, "Y"), ne(payGateways.id, gatewayId)));
    await ctx.db
      .update(payGateways)
      .set({ [f.column]: "Y" })
      .where(eq(payGateways.id, gatewayId));
  }
}
