import { payGateways } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { providerOf } from "./providers";
import { assertCredentials, assertDefaultFlags, gatewayById, makeDefault, sealedCredentials } from "./queries";
import type { CreateGatewayInput } from "./schemas";
import { gatewayView } from "./view";

export async function createGateway({ ctx, input }: { ctx: Context; input: CreateGatewayInput }) {
  const provider = providerOf(input.gateway_provider);
  const credentials2 = input.credentials_2 ?? null;
  assertCredentials(provider, input.credentials_1, credentials2);
  assertDefaultFlags(provider, null, input);
  const now = ctx.now();
  const identity = { id: newId(), brandId: ctx.brand.id };
  await ctx.db.insert(payGateways).values({
    ...identity,
    name: input.name,
    provider: provider.id,
    ...sealedCredentials(identity, input.credentials_1, credentials2),
    createdAt: now,
    updatedAt: now,
  });
  await makeDefault(ctx, identity.id, input);
  return gatewayView(await gatewayById(ctx, identity.id));
}
