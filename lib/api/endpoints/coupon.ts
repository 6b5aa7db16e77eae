import { defineEndpoint } from "../endpoint";
import { couponToWire } from "../../catalog/view";
import { CreateCouponParams, DeleteCouponParams, ListCouponsParams, UpdateCouponParams } from "../../catalog/schemas";
import { listCoupons } from "../../catalog/list-coupons";
import { createCoupon } from "../../catalog/create-coupon";
import { updateCoupon } from "../../catalog/update-coupon";
import { deleteCoupon } from "../../catalog/delete-coupon";

const STATUS_NOTE =
  "status is active, inactive (switched off with Coupon/Update), expired (active but past expiration_date) or deleted. " +
  "discount_value is a percent for percent coupons and an amount for amount coupons; redemption_count counts the subscriptions that redeemed it.";

const PRODUCT_REFUSALS = ["404 NOT_FOUND naming product_ids when one is not a product of this brand", "409 INVALID_STATE when one of product_ids is deleted"];

export const couponEndpoints = [
  defineEndpoint({
    resource: "Coupon",
    action: "List",
    method: "GET",
    summary: `Lists the brand's coupons that are not deleted; by coupon_id it also finds a deleted coupon. ${STATUS_NOTE}`,
    params: ListCouponsParams,
    returns: "coupon",
    list: "coupons",
    handler: listCoupons,
    wire: couponToWire,
  }),
  defineEndpoint({
    resource: "Coupon",
    action: "Create",
    method: "POST",
    summary:
      "Creates a coupon: a percent or amount off, once, forever or for a number of cycles, optionally expiring, limited in redemptions and restricted to products.",
    params: CreateCouponParams,
    returns: "coupon",
    refusals: [
      "400 INVALID_PARAMETER discount_value outside 0.01 to 100 for percent, or 0.00 for amount; duration_cycles unless duration is cycles",
      "400 MISSING_PARAMETER duration_cycles when duration is cycles",
      ...PRODUCT_REFUSALS,
      "409 DUPLICATE when another coupon of the brand has the code, in any letter case",
    ],
    handler: createCoupon,
  }),
  defineEndpoint({
    resource: "Coupon",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a coupon: absent parameters are left alone; duration_cycles, expiration_date, max_redemptions and product_ids sent empty are cleared. " +
      "A new discount_type needs its discount_value; leaving duration cycles clears duration_cycles.",
    params: UpdateCouponParams,
    returns: "coupon",
    refusals: [
      "400 MISSING_PARAMETER discount_value when discount_type is sent; duration_cycles when duration becomes cycles",
      ...PRODUCT_REFUSALS,
      "409 DUPLICATE when another coupon of the brand has the code",
      "409 INVALID_STATE when the coupon is deleted",
    ],
    handler: updateCoupon,
  }),
  defineEndpoint({
    resource: "Coupon",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a coupon for good: it no longer qualifies on any subscription and its code can be given to a new coupon. Deleting again changes nothing.",
    params: DeleteCouponParams,
    returns: "coupon",
    handler: deleteCoupon,
  }),
];
