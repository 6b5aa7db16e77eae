import { defineEndpoint } from "../endpoint";
import { CreateGatewayParams, DeleteGatewayParams, ListGatewaysParams, SetDefaultGatewayParams, UpdateGatewayParams } from "../../gateways/schemas";
import { listGateways } from "../../gateways/list-gateways";
import { createGateway } from "../../gateways/create-gateway";
import { updateGateway } from "../../gateways/update-gateway";
import { deleteGateway } from "../../gateways/delete-gateway";
import { setDefaultGateway } from "../../gateways/set-default-gateway";

const returns = "pay_gateway";
const CREDENTIALS = "Credentials are stored encrypted and shown only as their last four characters.";
const DEFAULTS = "409 INVALID_STATE for default_cc or default_ba N on the current default (a default is replaced, never unset)";

export const payGatewayEndpoints = [
  defineEndpoint({
    resource: "PayGateway",
    action: "List",
    method: "GET",
    summary: `Lists the brand's gateways in the pay_gateways namespace, with count and total; without gateway_id also every supported provider and the credentials it needs (providers namespace). ${CREDENTIALS}`,
    params: ListGatewaysParams,
    // Not a `list` endpoint: list answers carry no extra namespace, and this one carries providers.
    returns: "pay_gateways",
    refusals: ["404 NOT_FOUND for a gateway_id that is not one of the brand's gateways"],
    handler: listGateways,
  }),
  defineEndpoint({
    resource: "PayGateway",
    action: "Create",
    method: "POST",
    summary: `Adds a payment gateway; default_cc / default_ba Y make it the brand's default, replacing the current one. ${CREDENTIALS}`,
    params: CreateGatewayParams,
    returns,
    refusals: ["400 INVALID_PARAMETER when the credentials do not fit the provider, or a default is asked for a type the provider does not take"],
    handler: createGateway,
  }),
  defineEndpoint({
    resource: "PayGateway",
    action: "Update",
    method: "PATCH",
    summary: `Changes a gateway's name and credentials (sent every time), and can make it a default. ${CREDENTIALS}`,
    params: UpdateGatewayParams,
    returns,
    refusals: [DEFAULTS, "400 INVALID_PARAMETER when the credentials do not fit the provider"],
    handler: updateGateway,
  }),
  defineEndpoint({
    resource: "PayGateway",
    action: "Delete",
    method: "DELETE",
    summary:
      "Deletes a gateway: it takes no new pay methods or charges; if it was a default, the brand is left without one. Payments it processed can still be refunded.",
    params: DeleteGatewayParams,
    returns,
    handler: deleteGateway,
  }),
  defineEndpoint({
    resource: "PayGateway",
    action: "SetDefault",
    method: "PATCH",
    summary:
      "Makes a gateway the brand's default for cards (default_cc Y) and/or bank accounts (default_ba Y); with neither, for every type its provider takes.",
    params: SetDefaultGatewayParams,
    returns,
    refusals: [DEFAULTS, "400 INVALID_PARAMETER for a type the provider does not take"],
    handler: setDefaultGateway,
  }),
];
