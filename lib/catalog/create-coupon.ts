import { coupons } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { assertCodeFree, withCodeUniqueness } from "./coupon-codes";
import { assertLiveProducts } from "./queries";
import type { CreateCouponInput } from "./schemas";
import { couponValues } from "./values";
import { couponView } from "./view";

export async function createCoupon({ ctx, input }: { ctx: Context; input: CreateCouponInput }) {
  if (input.product_ids) await assertLiveProducts(ctx, input.product_ids);
  await assertCodeFree(ctx, input.coupon_code);
  const now = ctx.now();
  const values = {
    ...couponValues(input, null, ctx.brand.currency),
    id: newId(),
    brandId: ctx.brand.id,
    couponCode: input.coupon_code,
    name: input.name,
    stackable: input.stackable,
  };
  const [row] = await withCodeUniqueness(input.coupon_code, () =>
    ctx.db
      .insert(coupons)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning(),
  );
  return couponView(ctx, row);
}
