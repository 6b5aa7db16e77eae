import { selectRows } from "../../db/client";
import { eq, ne } from "drizzle-orm";
import { coupons } from "../../db/schema";
import { inBrand, impossibleIds, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";
import { sameCode } from "./coupon-codes";

import type { ListCouponsInput } from "./schemas";
import { couponView } from "./view";

/** Like products: by coupon_id also finds a deleted coupon, otherwise deleted ones are left out. */
export async function listCoupons({ ctx, input }: { ctx: Context; input: ListCouponsInput }) {
  if (impossibleIds(input.coupon_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    coupons,
    input.coupon_id ? eq(coupons.id, input.coupon_id) : ne(coupons.status, "deleted"),
    input.coupon_code ? sameCode(input.coupon_code) : undefined,
  );
  const rows = await selectRows(ctx.db, coupons, { where, orderBy: oldestFirst(coupons) });
  const now = ctx.now();
  return { items: rows.map((c) => couponView(c, now, ctx.brand.timezoneId)), total: rows.length };
}
