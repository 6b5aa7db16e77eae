import { eq } from "drizzle-orm";
import { coupons } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { couponView } from "./view";

/**
 * Soft delete: subscriptions that carry the coupon see it disqualified (reason "status"), and its
 * code is free for a new coupon. Deleting again changes nothing. Coupons have no Restore endpoint.
 */
export async function deleteCoupon({ ctx, input }: { ctx: Context; input: { coupon_id: string } }) {
  const coupon = await findInBrand(ctx, coupons, input.coupon_id, "Coupon", "coupon_id", { forUpdate: true });
  const now = ctx.now();
  if (coupon.status === "deleted") return couponView(ctx, coupon);
  const [row] = await ctx.db.update(coupons).set({ status: "deleted", deletedAt: now, updatedAt: now }).where(eq(coupons.id, coupon.id)).returning();
  return couponView(ctx, row);
}
