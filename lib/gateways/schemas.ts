import { z } from "zod";
import { flag, id, keep, oneOf, opt, req, multilineText, text } from "../wire/params";
import { cardFreeText } from "./card-numbers";
import { PROVIDER_IDS } from "./providers";

const gatewayId = (description: string) => req(id(), description, { refersTo: "PayGateway" });
const name = () => cardFreeText(100).min(1, { error: "must not be empty" });
const credential = () => multilineText(4096).min(1, { error: "must not be empty" });

const defaults = {
  default_cc: keep(flag(), "Y makes this the brand's default gateway for cards (replacing the current one); N on the current default is refused"),
  default_ba: keep(flag(), "Y makes this the brand's default gateway for bank accounts (ACH); N on the current default is refused"),
};

export const ListGatewaysParams = z.object({
  gateway_id: opt(id(), "Only this gateway; when empty, the supported providers are listed too (providers namespace)", { refersTo: "PayGateway" }),
  gateway_provider: opt(text(50), "Only gateways of this provider"),
});

export const CreateGatewayParams = z.object({
  name: req(name(), "Internal nickname", { example: "Main card gateway" }),
  gateway_provider: req(oneOf(PROVIDER_IDS), "The provider; PayGateway/List shows each with the credentials it needs", { example: "sandbox" }),
  credentials_1: req(credential(), "The provider's first credential (e.g. an API secret key); stored encrypted, never shown in full", {
    example: "sandbox-key-0001",
  }),
  credentials_2: opt(credential(), "The provider's second credential, where it needs one; stored encrypted"),
  ...defaults,
});

/** The provider cannot change; credentials are sent every time (they are never shown, so never echoed back). */
export const UpdateGatewayParams = z.object({
  gateway_id: gatewayId("The gateway to change"),
  name: req(name(), "Internal nickname", { example: "Main card gateway" }),
  credentials_1: req(credential(), "The provider's first credential; stored encrypted", { example: "sandbox-key-0001" }),
  credentials_2: opt(credential(), "The provider's second credential; empty clears it"),
  ...defaults,
});

export const DeleteGatewayParams = z.object({
  gateway_id: gatewayId("The gateway to delete; if it is a default, the brand is left without one"),
});

export const SetDefaultGatewayParams = z.object({
  gateway_id: gatewayId("The gateway to make the default"),
  default_cc: keep(flag(), "Y: the default for cards. With neither flag, it becomes the default for every type its provider takes"),
  default_ba: keep(flag(), "Y: the default for bank accounts (ACH)"),
});

export type CreateGatewayInput = z.output<typeof CreateGatewayParams>;
export type UpdateGatewayInput = z.output<typeof UpdateGatewayParams>;
export type SetDefaultGatewayInput = z.output<typeof SetDefaultGatewayParams>;
export type ListGatewaysInput = z.output<typeof ListGatewaysParams>;
