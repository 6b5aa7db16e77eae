import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brands, invoices, subscriptionComponents, subscriptionCoupons, subscriptions } from "../../db/schema";
import { systemContext, type Brand, type Context } from "../auth/context";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { logger } from "../log";
import { defaultPayMethod } from "../pay-methods/queries";
import { chargeInvoice } from "../payments/charge-invoice";
import { reloadInvoice } from "../invoices/queries";
import { couponQualification, loadSubscription } from "../subscriptions/details";
import { postActionUrl } from "../subscriptions/events";
import { pricedComponent } from "../subscriptions/terms";
import { addDays, today } from "./periods";
import { usageLines } from "./pricing";
import { toInvoiceLines } from "./invoice-lines";
import { appendLines } from "../invoices/lines";
import { findAccount } from "../accounts/queries";

/**
 * Renews every active subscription whose renewal date has come (in its brand's time zone): the
 * metered usage of the ending cycle goes onto the renewal's invoice and resets, coupon cycles are
 * counted, the period advances, and with auto pay the invoice is charged to the subscription's pay
 * method or else the customer's default. Run it after generateDueInvoices, as run-billing.ts does. One transaction per subscription, guarded by a
 * compare-and-set on renewal_date, so a rerun or a second runner renews nothing twice; charges are
 * idempotent per invoice (lib/payments/charge-invoice.ts).
 */
export async function renewDue({ db, now, chunkSize = 200 }: { db: Db; now: Date; chunkSize?: number }) {
  let cursor = "00000000-0000-0000-0000-000000000000";
  const outcome = { renewed: 0, charged: 0, declined: 0 };
  for (;;) {
    const due = await db
      .select({ id: subscriptions.id, brand: brands })
      .from(subscriptions)
      .innerJoin(brands, and(eq(brands.id, subscriptions.brandId), isNull(brands.deletedAt)))
      .where(
        and(
          eq(subscriptions.status, 1),
          gt(subscriptions.id, cursor),
          sql`${subscriptions.renewalDate} <= (${now.toISOString()}::timestamptz at time zone ${brands.timezoneId})::date`,
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(chunkSize);
    if (due.length === 0) return outcome;
    cursor = due[due.length - 1].id;
    for (const { id, brand } of due) {
      try {
        const r = await renewOne(db, now, brand, id);
        if (r) {
          outcome.renewed++;
          if (r === "charged") outcome.charged++;
          if (r === "declined") outcome.declined++;
        }
      } catch (err) {
        logger.error("renewal failed", { subscriptionId: id, error: err });
      }
    }
  }
}

async function renewOne(db: Db, now: Date, brand: Brand, id: string) {
  return db.transaction(async (tx) => {
    const ctx: Context = systemContext(tx as unknown as Db, brand, now);
    const d = await loadSubscription(ctx, id, { forUpdate: true });
    const s = d.sub;
    if (s.status !== 1 || !s.renewalDate || s.renewalDate > today(now, brand.timezoneId)) return null;
    if (!d.product || !isProductBillable(d.product, d.group)) return null;
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, s.id), eq(invoices.billingPeriodStart, s.renewalDate), isNull(invoices.deletedAt)));

    // The ending cycle's metered usage is billed on the renewal that ends it, then starts again at zero.
    const metered = d.attached.filter((a) => a.component.componentType === "metered" && isComponentBillable(a.component));
    const usage = usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
    if (invoice && usage.length) {
      const account = await findAccount(ctx, s.customerAccountId);
      await appendLines(ctx, invoice.id, toInvoiceLines(usage, { product: d.product, account, components: metered.map((a) => a.component) }));
    }
    if (metered.length) {
      await tx.update(subscriptionComponents).set({ usage: 0 }).where(and(eq(subscriptionComponents.subscriptionId, s.id), sql`${subscriptionComponents.usage} <> 0`));
    }
    for (const c of d.coupons) {
      if (couponQualification(ctx, d, c).qualifies) {
        await tx.update(subscriptionCoupons).set({ cyclesApplied: c.cyclesApplied + 1 }).where(eq(subscriptionCoupons.id, c.id));
      }
    }
    const advanced = await tx
      .update(subscriptions)
      .set({ periodStart: s.renewalDate, renewalDate: addDays(s.renewalDate, d.product.expirationInterval), inTrial: "N", updatedAt: now })
      .where(and(eq(subscriptions.id, s.id), eq(subscriptions.renewalDate, s.renewalDate)))
      .returning();
    if (!advanced.length) return null;
    await postActionUrl(ctx, { ...d, sub: advanced[0] }, "renew_subscription");

    if (!invoice || s.autoPay !== "Y") return "renewed";
    const due2 = await reloadInvoice(ctx, invoice.id);
    if (due2.amounts.balance <= 0) return "renewed";
    const payMethodId = s.payMethodId ?? (await defaultPayMethod(ctx, s.customerAccountId))?.id;
    if (!payMethodId) return "renewed";
    try {
      const r = await chargeInvoice(ctx, { invoiceId: invoice.id, payMethodId });
      return r.status === "succeeded" ? "charged" : r.status === "failed" ? "declined" : "renewed";
    } catch (err) {
      // An unusable pay method leaves the invoice unpaid for dunning; the renewal itself stands.
      logger.error("renewal charge refused", { subscriptionId: s.id, error: err });
      return "renewed";
    }
  });
}
