import type { Context } from "../auth/context";
import { providerOf } from "./providers";
import { assertDefaultFlags, findGateway, gatewayById, makeDefault, type DefaultFlags } from "./queries";
import type { SetDefaultGatewayInput } from "./schemas";
import { gatewayView } from "./view";

/** Makes the gateway the brand's default for cards and/or bank accounts; with neither flag, for every type it takes. */
export async function setDefaultGateway({ ctx, input }: { ctx: Context; input: SetDefaultGatewayInput }) {
  const gateway = await findGateway(ctx, input.gateway_id);
  const provider = providerOf(gateway.provider);
  const flags: DefaultFlags =
    input.default_cc === undefined && input.default_ba === undefined
      ? { default_cc: provider.payMethodTypes.includes("CC") ? "Y" : undefined, default_ba: provider.payMethodTypes.includes("BA") ? "Y" : undefined }
      : input;
  assertDefaultFlags(provider, gateway, flags);
  await makeDefault(ctx, gateway.id, flags);
  return gatewayView(await gatewayById(ctx, gateway.id));
}
