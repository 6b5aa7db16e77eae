import { ne } from "drizzle-orm";
import { z } from "zod";
import { coupons as t, COUPON_STATUSES } from "../../db/schema";
import { defineList, equalsFilter, idFilter, sqlFilter } from "../lists";
import type { Context } from "../auth/context";
import { sameCode } from "./coupon-codes";
import type { ListCouponsInput } from "./schemas";
import { readCoupon } from "./read";

/** Like products: by id also a deleted coupon, otherwise deleted ones are left out (unless a page asks by status). */
export const couponList = defineList({
  table: t,
  filters: {
    id: idFilter(t.id),
    status: equalsFilter(t.status, z.enum(COUPON_STATUSES)),
    couponCode: sqlFilter(z.string(), sameCode),
  },
  scope: (f) => (f.id || f.status ? undefined : ne(t.status, "deleted")),
  search: [t.name, t.couponCode],
  sortable: { created_at: t.createdAt, name: t.name, coupon_code: t.couponCode, expiration_date: t.expirationDate, redemption_count: t.redemptionCount },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (ctx, rows) => rows.map((c) => readCoupon(ctx, c)),
});
export const listCouponsPage = couponList.page;

export async function listCoupons({ ctx, input }: { ctx: Context; input: ListCouponsInput }) {
  const { rows, total } = await couponList.window(ctx, { filters: { id: input.coupon_id, couponCode: input.coupon_code } });
  return { items: rows, total };
}
