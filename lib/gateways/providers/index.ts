import type { GatewayProvider } from "./types";
import { sandboxProvider } from "./sandbox";
import { stripeProvider } from "./stripe";

/** Every supported provider. A new one is one file in this folder plus its name in this list. */
export const PROVIDERS: readonly GatewayProvider[] = [sandboxProvider, stripeProvider];

export const PROVIDER_IDS = PROVIDERS.map((p) => p.id) as [string, ...string[]];

export function providerOf(id: string): GatewayProvider {
  const provider = PROVIDERS.find((p) => p.id === id);
  if (!provider) throw new Error(`unknown gateway provider ${id}`);
  return provider;
}
