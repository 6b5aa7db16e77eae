import { notFound } from "next/navigation";
import type { Context } from "@/lib/auth/context";
import { listCouponsPage } from "@/lib/catalog/list-coupons";
import { isUuid } from "@/lib/ids";

/** The coupon by id (deleted too), or the not-found page. */
export async function loadCoupon(ctx: Context, id: string) {
  if (!isUuid(id)) notFound();
  const coupon = (await listCouponsPage(ctx, { filters: { id } })).rows[0];
  if (!coupon) notFound();
  return coupon;
}
