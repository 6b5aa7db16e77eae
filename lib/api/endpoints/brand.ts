import { defineEndpoint } from "../endpoint";
import { CreateBrandParams, DeleteBrandParams, ListBrandsParams, UpdateBrandParams } from "../../brands/schemas";
import { listBrands } from "../../brands/list-brands";
import { brandToWire } from "../../brands/view";
import { createBrand, MAX_BRANDS } from "../../brands/create-brand";
import { updateBrand } from "../../brands/update-brand";
import { deleteBrand } from "../../brands/delete-brand";

export const brandEndpoints = [
  defineEndpoint({
    resource: "Brand",
    action: "List",
    method: "GET",
    summary: "Lists the brands of the service account the credentials belong to.",
    params: ListBrandsParams,
    returns: "brand",
    list: "brands",
    handler: listBrands,
    wire: brandToWire,
  }),
  defineEndpoint({
    resource: "Brand",
    action: "Create",
    method: "POST",
    summary: `Creates a brand under the same service account (ADMIN staff only; at most ${MAX_BRANDS} brands).`,
    params: CreateBrandParams,
    returns: "brand",
    refusals: ["403 FORBIDDEN when user_key is not an ADMIN", `409 LIMIT_REACHED for the ${MAX_BRANDS + 1}th brand`],
    handler: createBrand,
  }),
  defineEndpoint({
    resource: "Brand",
    action: "Update",
    method: "PATCH",
    summary: "Changes a brand; send only what changes (ADMIN staff only).",
    params: UpdateBrandParams,
    returns: "brand",
    refusals: ["403 FORBIDDEN when user_key is not an ADMIN", "409 INVALID_STATE when currency changes once the brand has an invoice or a payment"],
    handler: updateBrand,
  }),
  defineEndpoint({
    resource: "Brand",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a brand, irreversibly: its brand_id stops authenticating and its subscriptions stop being billed (ADMIN staff only).",
    params: DeleteBrandParams,
    returns: "brand",
    refusals: ["403 FORBIDDEN when user_key is not an ADMIN"],
    handler: deleteBrand,
  }),
];
