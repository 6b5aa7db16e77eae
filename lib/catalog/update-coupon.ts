import { eq } from "drizzle-orm";
import { coupons } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { assertCodeFree, withCodeUniqueness } from "./coupon-codes";
import { assertLiveProducts } from "./queries";
import type { UpdateCouponInput } from "./schemas";
import { couponValues } from "./values";
import { couponView } from "./view";

/**
 * Send only what changes; duration_cycles, expiration_date, max_redemptions and product_ids sent
 * empty are cleared. redemption_count is not a parameter: the subscriptions work keeps it.
 */
export async function updateCoupon({ ctx, input }: { ctx: Context; input: UpdateCouponInput }) {
  const coupon = await findInBrand(ctx, coupons, input.coupon_id, "Coupon", "coupon_id", { forUpdate: true });
  if (coupon.status === "deleted") throw invalidState("This coupon is deleted and can no longer change", "coupon_id");
  if (input.product_ids) await assertLiveProducts(ctx, input.product_ids);
  if (input.coupon_code !== undefined) await assertCodeFree(ctx, input.coupon_code, coupon.id);
  const changes = couponValues(input, coupon, ctx.brand.currency);
  const now = ctx.now();
  const [row] = await withCodeUniqueness(input.coupon_code, () =>
    ctx.db
      .update(coupons)
      .set({ ...changes, updatedAt: now })
      .where(eq(coupons.id, coupon.id))
      .returning(),
  );
  return couponView(ctx, row);
}
