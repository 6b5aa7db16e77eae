import { defineEndpoint } from "../endpoint";
import { productToWire } from "../../catalog/view";
import {
  CreateProductParams,
  DeleteProductParams,
  ListProductsParams,
  RestoreProductParams,
  SuspendProductParams,
  UpdateProductParams,
} from "../../catalog/schemas";
import { listProducts } from "../../catalog/list-products";
import { createProduct } from "../../catalog/create-product";
import { updateProduct } from "../../subscriptions/update-product";
import { suspendProduct } from "../../catalog/suspend-product";
import { deleteProduct } from "../../subscriptions/delete-product";
import { restoreProduct } from "../../catalog/restore-product";
import { RESTORE_WINDOW_DAYS } from "../../lifecycle";

const FIELD_RULES = [
  "400 MISSING_PARAMETER trial_interval when trial is Y; auto_pay_discount_amount when auto_pay_discount is Y",
  "400 INVALID_PARAMETER auto_pay_discount_amount of 0.00 or above recurring_price when auto_pay_discount is Y",
];

export const productEndpoints = [
  defineEndpoint({
    resource: "Product",
    action: "List",
    method: "GET",
    summary: "Lists the brand's products that are not deleted; by product_id it also finds a deleted product. status is 1 active, 2 suspended, 3 deleted.",
    params: ListProductsParams,
    returns: "product",
    list: "products",
    handler: listProducts,
    wire: productToWire,
  }),
  defineEndpoint({
    resource: "Product",
    action: "Create",
    method: "POST",
    summary:
      "Creates a product in a product group (for good: product_group_id cannot change). Amounts have at most the decimals of the brand's currency (two for USD, none for JPY); expiration_interval 0 is a one-time purchase.",
    params: CreateProductParams,
    returns: "product",
    refusals: [...FIELD_RULES, "409 INVALID_STATE when the product group is deleted"],
    handler: createProduct,
  }),
  defineEndpoint({
    resource: "Product",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a product. The required fields are sent every time; optional ones absent are left alone and sent empty are cleared. " +
      "trial_interval, trial_price and auto_pay_discount_amount are kept while their flag is N and apply once it is Y. product_group_id cannot change (it is not a parameter here).",
    params: UpdateProductParams,
    returns: "product",
    refusals: [
      ...FIELD_RULES,
      "409 INVALID_STATE when the product is deleted (restore it first)",
      "400 INVALID_PARAMETER on recurring_price when a subscription of the product (active or suspended) would get a next invoice above the largest amount: the message names the first 5 subscription ids and how many more; nothing is changed",
    ],
    handler: updateProduct,
  }),
  defineEndpoint({
    resource: "Product",
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active product: no new subscriptions; existing ones keep being billed.",
    params: SuspendProductParams,
    returns: "product",
    refusals: ["409 INVALID_STATE when the product is not active"],
    handler: suspendProduct,
  }),
  defineEndpoint({
    resource: "Product",
    action: "Delete",
    method: "DELETE",
    summary: `Deletes a product (from any state; deleting again changes nothing): removed from existing subscriptions, unavailable for new ones, and not reattached on restore. Restorable for ${RESTORE_WINDOW_DAYS} days.`,
    params: DeleteProductParams,
    returns: "product",
    handler: deleteProduct,
  }),
  defineEndpoint({
    resource: "Product",
    action: "Restore",
    method: "PATCH",
    summary: `Makes a suspended product, or one deleted at most ${RESTORE_WINDOW_DAYS} days ago, active again.`,
    params: RestoreProductParams,
    returns: "product",
    refusals: [
      "409 INVALID_STATE when the product is already active, or its product group is deleted",
      `409 RESTORE_WINDOW_EXPIRED more than ${RESTORE_WINDOW_DAYS} days after the deletion`,
    ],
    handler: restoreProduct,
  }),
];
