import { and, eq, isNull } from "drizzle-orm";
import { invoices, subscriptionPeriods } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { carriesCoupon } from "../invoices/lines";

/** Writes a started period with the invoice that bills it (once: a period starts once). */
export async function recordPeriod(ctx: Context, p: { subscriptionId: string; periodStart: string; periodEnd: string | null; invoiceId: string }) {
  await ctx.db
    .insert(subscriptionPeriods)
    .values({ id: newId(), brandId: ctx.brand.id, ...p, createdAt: ctx.now() })
    .onConflictDoNothing();
}

/**
 * How many started periods of the subscription were billed with this coupon: its cycles used, even
 * if it was removed and put on again, and even if staff deleted the invoice (the period was forgiven,
 * the discount was still given). A started period's invoice is never voided.
 */
export async function couponCyclesUsed(ctx: Context, subscriptionId: string, code: string) {
  const rows = await ctx.db
    .select({ items: invoices.items, repricedItems: invoices.repricedItems })
    .from(subscriptionPeriods)
    .innerJoin(invoices, eq(invoices.id, subscriptionPeriods.invoiceId))
    .where(and(eq(subscriptionPeriods.subscriptionId, subscriptionId), eq(subscriptionPeriods.brandId, ctx.brand.id), isNull(invoices.voidedAt)));
  return rows.filter((r) => carriesCoupon(r.repricedItems ?? r.items, code)).length;
}
