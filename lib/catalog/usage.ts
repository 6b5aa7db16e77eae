import { and, count, eq, exists, inArray, type SQL } from "drizzle-orm";
import { subscriptionComponents, subscriptionCoupons, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { STATUS } from "../lifecycle";

/** What uses a catalog record: the one the dashboard's confirmations count ("stops billing for its N active subscriptions"). */
export type UsedBy = { productGroupId: string } | { productId: string } | { componentId: string } | { couponId: string };

/**
 * The brand's subscriptions on a group, product, component or coupon: `active` (status 1, billed)
 * and `live` (not deleted, active or suspended), so a confirmation can say what an action reaches.
 */
export async function subscriptionsUsing(ctx: Context, by: UsedBy): Promise<{ active: number; live: number }> {
  const id = Object.values(by)[0] as string;
  if (!isUuid(id)) return { active: 0, live: 0 };
  const t = subscriptions;
  let on: SQL;
  if ("productGroupId" in by) on = eq(t.productGroupId, id);
  else if ("productId" in by) on = eq(t.productId, id);
  else if ("componentId" in by) {
    const c = subscriptionComponents;
    on = exists(
      ctx.db
        .select({ x: c.id })
        .from(c)
        .where(and(eq(c.subscriptionId, t.id), eq(c.componentId, id), eq(c.brandId, ctx.brand.id))),
    );
  } else {
    const c = subscriptionCoupons;
    on = exists(
      ctx.db
        .select({ x: c.id })
        .from(c)
        .where(and(eq(c.subscriptionId, t.id), eq(c.couponId, id), eq(c.brandId, ctx.brand.id))),
    );
  }
  const rows = await ctx.db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(inBrand(ctx, t, on, inArray(t.status, [STATUS.ACTIVE, STATUS.SUSPENDED])))
    .groupBy(t.status);
  const active = rows.find((r) => r.status === STATUS.ACTIVE)?.n ?? 0;
  return { active, live: rows.reduce((sum, r) => sum + r.n, 0) };
}
