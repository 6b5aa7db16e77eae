import { eq } from "drizzle-orm";
import { payGateways } from "../../db/schema";
import type { Context } from "../auth/context";
import { credentialContext, openCredential } from "./credentials";
import { providerOf } from "./providers";
import { assertCredentials, assertDefaultFlags, findGateway, gatewayById, makeDefault, sealedCredentials } from "./queries";
import type { UpdateGatewayInput } from "./schemas";
import { gatewayView } from "./view";

/** Sets name and credentials (credentials_2 absent is kept, empty is cleared); defaults can only move to it. */
export async function updateGateway({ ctx, input }: { ctx: Context; input: UpdateGatewayInput }) {
  const gateway = await findGateway(ctx, input.gateway_id);
  const provider = providerOf(gateway.provider);
  const kept = gateway.credentials2 ? openCredential(gateway.credentials2, credentialContext(gateway, "credentials_2")) : null;
  const credentials2 = input.credentials_2 === undefined ? kept : input.credentials_2;
  assertCredentials(provider, input.credentials_1, credentials2);
  assertDefaultFlags(provider, gateway, input);
  await ctx.db
    .update(payGateways)
    .set({ name: input.name, ...sealedCredentials(gateway, input.credentials_1, credentials2), updatedAt: ctx.now() })
    .where(eq(payGateways.id, gateway.id));
  await makeDefault(ctx, gateway.id, input);
  return gatewayView(await gatewayById(ctx, gateway.id));
}
