import { defineEndpoint } from "../endpoint";
import {
  CreateProductGroupParams,
  DeleteProductGroupParams,
  ListProductGroupsParams,
  RestoreProductGroupParams,
  SuspendProductGroupParams,
  UpdateProductGroupParams,
} from "../../catalog/schemas";
import { listProductGroups } from "../../catalog/list-product-groups";
import { productGroupToWire } from "../../catalog/view";
import { createProductGroup } from "../../catalog/create-product-group";
import { updateProductGroup } from "../../catalog/update-product-group";
import { suspendProductGroup } from "../../subscriptions/suspend-product-group";
import { deleteProductGroup } from "../../subscriptions/delete-product-group";
import { restoreProductGroup } from "../../subscriptions/restore-product-group";

const STATUS_NOTE = "status is 1 active, 2 suspended, 3 deleted.";

export const productGroupEndpoints = [
  defineEndpoint({
    resource: "ProductGroup",
    action: "List",
    method: "GET",
    summary: `Lists the brand's product groups that are not deleted, or one group by product_group_id (also when deleted). ${STATUS_NOTE}`,
    params: ListProductGroupsParams,
    returns: "product_group",
    list: "product_groups",
    handler: listProductGroups,
    wire: productGroupToWire,
  }),
  defineEndpoint({
    resource: "ProductGroup",
    action: "Create",
    method: "POST",
    summary: "Creates a product group with up to ten subscription variables (VAR1 to VAR10, each a JSON variable object) and an optional action_url.",
    params: CreateProductGroupParams,
    returns: "product_group",
    refusals: ["400 INVALID_PARAMETER naming the VARn whose JSON is malformed, has an unknown key or type, or an Options type without options"],
    handler: createProductGroup,
  }),
  defineEndpoint({
    resource: "ProductGroup",
    action: "Update",
    method: "PATCH",
    summary: "Changes a product group: absent parameters are left alone; action_url and VARn sent empty are cleared; name and description cannot be cleared.",
    params: UpdateProductGroupParams,
    returns: "product_group",
    refusals: ["409 INVALID_STATE when the group is deleted (restore it first)"],
    handler: updateProductGroup,
  }),
  defineEndpoint({
    resource: "ProductGroup",
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active product group: its products take no new subscriptions and none of its subscriptions are billed until it is restored.",
    params: SuspendProductGroupParams,
    returns: "product_group",
    refusals: ["409 INVALID_STATE when the group is not active"],
    handler: suspendProductGroup,
  }),
  defineEndpoint({
    resource: "ProductGroup",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a product group (from any state; deleting again changes nothing). Its subscriptions are not brought back when the group is restored.",
    params: DeleteProductGroupParams,
    returns: "product_group",
    handler: deleteProductGroup,
  }),
  defineEndpoint({
    resource: "ProductGroup",
    action: "Restore",
    method: "PATCH",
    summary: "Makes a suspended or deleted product group active again (the spec sets no time limit for groups).",
    params: RestoreProductGroupParams,
    returns: "product_group",
    refusals: ["409 INVALID_STATE when the group is already active"],
    handler: restoreProductGroup,
  }),
];
