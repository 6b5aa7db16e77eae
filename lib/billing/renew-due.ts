import { and, desc, eq, lte, sql } from "drizzle-orm";
import { hasConnectionPool, selectColumns, type Db } from "../../db/client";
import { invoices, subscriptionComponents, subscriptionCoupons, subscriptions } from "../../db/schema";
import { atInstant, brandOfRun, systemContext, type Brand, type Context, type RunContext } from "../auth/context";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { logger } from "../log";
import { autoPayMethod } from "../pay-methods/queries";
import { chargeInvoice } from "../payments/charge-invoice";
import { reloadInvoice } from "../invoices/queries";
import { loadSubscription, nextPeriodLines, type SubscriptionDetails } from "../subscriptions/details";
import { recordPeriod } from "../subscriptions/periods";
import { createInvoiceForSubscription } from "../invoices/create-invoice-for-subscription";
import { carriesCoupon } from "../invoices/lines";
import type { InvoiceRow } from "../invoices/queries";
import { payFromPrepaid } from "../payments/prepaid";
import { postActionUrl } from "../subscriptions/events";
import { pricedComponent } from "../subscriptions/terms";
import { renewalAfter, today } from "../pricing/periods";
import { usageLines } from "../pricing/pricing";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { replaceLines } from "../invoices/lines";
import { taxedLines } from "../tax/rates";
import { isFinal } from "../payments/credit-notes";
import { adjustmentsOf, createAdjustment } from "../subscriptions/upcoming-invoice";
import { findAccount } from "../accounts/queries";
import { runVerb, type StepContext, stepped } from "../run-verb";
import { brandsOfRun } from "./brands-in-run";
import { inScope } from "../../db/tenancy";
import { chargePending, renewChunk } from "./renew-chunk";
import { STATUS } from "../lifecycle";

/** A run for one brand (a test clock's step) renews its day in fewer, larger chunks: fewer statements and transactions. */
const ONE_BRAND_CHUNK = 1000;
/** Below this many renewals each, a day is not split in two. */
const MIN_HALF = 100;

/** What renewDue takes besides its context (which says the brand, or every brand, and the instant). */
export interface RenewInput {
  chunkSize?: number;
  /** For one brand: start after this subscription in the walk's order (the `next` a call with maxChunks answered). */
  after?: RenewCursor;
  /** For one brand: stop after this many chunks, answering where to go on (`next`): one chunk is one Inngest step. */
  maxChunks?: number;
  /**
   * Leave the renewals' gateway charges for chargeRenewals (an Inngest step of their own): answered
   * in `charges`, the chunks' attempts committed as pending, and the invoices of renewals made one
   * by one (charged there through chargeInvoice, which commits its attempt before calling the gateway).
   */
  deferCharges?: boolean;
}

/**
 * Renews every active subscription whose renewal date has come (in its brand's time zone): the
 * metered usage of the ending cycle goes onto the renewal's invoice and resets, coupon cycles are
 * counted, the period advances, and with auto pay the invoice is charged to the subscription's pay
 * method or else the customer's default. Run it after generateDueInvoices, as run-billing.ts does.
 * Chunks of one brand's due subscriptions are renewed together (./renew-chunk.ts: one transaction
 * for the renewals and their charge attempts, the gateways, one for the answers); the rare cases it
 * leaves, and every subscription of a chunk the database refused, go one by one (renewSubscription),
 * so one failure keeps only itself back. Both guard each period with a compare-and-set on
 * renewal_date, so a rerun or a second runner renews nothing twice; charges are idempotent per
 * invoice (lib/payments/charge-invoice.ts).
 */
export async function renewDue({
  ctx: given,
  input: { chunkSize = brandOfRun(given) ? ONE_BRAND_CHUNK : 200, after, maxChunks = Infinity, deferCharges = false } = {},
}: {
  ctx: RunContext;
  input?: RenewInput;
}): Promise<RenewOutcome> {
  const ctx = atInstant(given);
  const { db } = ctx;
  const now = ctx.now();
  const brandId = brandOfRun(ctx)?.id;
  let chunks = 0;
  const outcome = { renewed: 0, charged: 0, declined: 0 };
  const deferred: DeferredCharges = { paymentIds: [], later: [] };
  const answer = (next?: RenewCursor): RenewOutcome => ({
    ...outcome,
    ...(next ? { next } : {}),
    ...(deferCharges && (deferred.paymentIds.length || deferred.later.length) ? { charges: deferred } : {}),
  });
  // Only with a pool of connections: PGlite and a transaction have one.
  const parallel = brandId && hasConnectionPool(db) ? 2 : 1;
  const count = (r: "renewed" | "charged" | "declined" | null) => {
    if (!r) return;
    outcome.renewed++;
    if (r === "charged") outcome.charged++;
    if (r === "declined") outcome.declined++;
  };
  for (const brand of await brandsOfRun(ctx)) {
    const day = today(now, brand.timezoneId);
    for (let cursor = after; ;) {
      if (chunks++ >= maxChunks) return answer(cursor);
      const { ids, last } = await dueIds(db, brand, { day, after: cursor, chunkSize });
      if (ids.length) {
        // One brand's day in halves at once, each on its own connection: the database writes one
        // while the other is priced or charged (two runners on disjoint chunks; locks taken in id order).
        const halves = parallel > 1 && ids.length >= 2 * MIN_HALF ? [ids.slice(0, Math.ceil(ids.length / 2)), ids.slice(Math.ceil(ids.length / 2))] : [ids];
        await Promise.all(halves.map((part) => renewIds(brand, part)));
      }
      // The walk's end: fewer rows than a chunk were left.
      if (!last) break;
      cursor = last;
    }
  }
  return answer();

  async function renewIds(brand: Brand, ids: string[]) {
    let oneByOne = ids;
    try {
      const chunk = await renewChunk(db, now, brand, ids, { deferCharges });
      outcome.renewed += chunk.renewed;
      outcome.charged += chunk.charged;
      outcome.declined += chunk.declined;
      oneByOne = chunk.oneByOne;
      if (deferCharges) {
        deferred.paymentIds.push(...(chunk.pending ?? []));
        deferred.later.push(...chunk.chargeLater);
      } else {
        const later = await chargeRenewals(db, now, brand, { paymentIds: [], later: chunk.chargeLater });
        outcome.charged += later.charged;
        outcome.declined += later.declined;
      }
    } catch (err) {
      // Nothing of the chunk was written: each is renewed on its own, and only a broken one fails again.
      logger.info("renewing a chunk failed; renewing its subscriptions one by one", { brandId: brand.id, count: ids.length, error: err });
    }
    for (const id of oneByOne) {
      try {
        const one = await renewOne(db, now, brand, id, deferCharges);
        if (typeof one === "object" && one) {
          count("renewed");
          deferred.later.push(...one.later);
        } else count(one);
      } catch (err) {
        logger.error("renewal failed", { subscriptionId: id, error: err });
      }
    }
  }
}

/** What renewDue renewed and charged, where to go on, and with deferCharges the charges it left. */
export interface RenewOutcome {
  renewed: number;
  charged: number;
  declined: number;
  next?: RenewCursor;
  charges?: DeferredCharges;
}

/** Where a brand's renewal walk goes on: the last subscription of the chunk before, in the walk's order. */
export interface RenewCursor {
  renewalDate: string;
  id: string;
}

/**
 * One chunk of a brand's renewal walk: the ids of the next `chunkSize` active subscriptions due by
 * `day`, after `after`, and `last`, where the next chunk starts (none once fewer were left). The
 * walk reads the due index (brand, status, renewal date, id) backwards from `day`: every entry it
 * reads is a due renewal, so a chunk reads its own rows whatever the brand's size, however many of
 * them are due, and however many were renewed or changed since the table was last vacuumed (a walk
 * in id order read every active row between two due ones, on pages an earlier day's renewals left
 * to be checked in the heap). Backwards, so that a renewed subscription, whose renewal date moves
 * later, is behind the cursor: a pass renews each subscription one period, as generation invoiced
 * one (a subscription behind by several renews one more in each pass).
 */
async function dueIds(db: Db, brand: Brand, { day, after, chunkSize }: { day: string; after?: RenewCursor; chunkSize: number }) {
  // Under the brand's scope (row-level security); each chunk is renewed through runVerb.
  const due = await inScope(db, brand.id, (tx) =>
    selectColumns(tx, subscriptions, ["id", "renewalDate"], {
      where: and(
        eq(subscriptions.brandId, brand.id),
        eq(subscriptions.status, STATUS.ACTIVE),
        lte(subscriptions.renewalDate, day),
        after ? sql`(${subscriptions.renewalDate}, ${subscriptions.id}) < (${after.renewalDate}::date, ${after.id}::uuid)` : undefined,
      ),
      orderBy: [desc(subscriptions.renewalDate), desc(subscriptions.id)],
      limit: chunkSize,
    }),
  );
  const tail = due.at(-1);
  const last = due.length === chunkSize && tail ? { renewalDate: tail.renewalDate!, id: tail.id } : undefined;
  return { ids: due.map((d) => d.id), last };
}

/**
 * Renewal charges left for chargeRenewals: attempts committed as pending, and invoices charged
 * through chargeInvoice (an earlier attempt's answer was lost, or the renewal was made one by one).
 */
export interface DeferredCharges {
  paymentIds: string[];
  later: LaterCharge[];
}
type LaterCharge = { subscriptionId: string; invoiceId: string; payMethodId: string };

/**
 * Sends the charges renewDue left (deferCharges) for one brand. Safe to run again (a retried
 * Inngest step): an attempt is sent only while still pending, under its payment id as the
 * gateway's idempotency key; an invoice of `later` is charged through chargeInvoice, which settles
 * its earlier attempt by key first and charges only the balance still owed (nothing once paid).
 */
export async function chargeRenewals(db: Db, now: Date, brand: Brand, charges: DeferredCharges) {
  const outcome = await chargePending(db, now, brand, charges.paymentIds);
  for (const c of charges.later) {
    const r = await chargeRenewal(db, now, brand, c).catch((err) => {
      logger.error("renewal charge refused", { subscriptionId: c.subscriptionId, error: err });
      return "renewed" as const;
    });
    if (r === "charged") outcome.charged++;
    if (r === "declined") outcome.declined++;
  }
  return outcome;
}

/** A renewal's charge on an invoice with a charge whose answer was lost: chargeInvoice settles that one first. */
async function chargeRenewal(db: Db, now: Date, brand: Brand, c: { invoiceId: string; payMethodId: string }) {
  const r = await runVerb(systemContext(db, brand, now), chargeInvoice, c);
  return r.status === "succeeded" ? "charged" : r.status === "failed" ? "declined" : "renewed";
}

/**
 * Through runVerb: the renewal commits with its charge attempt before the gateway is called (the
 * renewal stands whatever the card does), and the answer is settled in a new transaction. With
 * `deferCharge` the gateway is not called here: the charge it would have made is answered (`later`).
 */
async function renewOne(db: Db, now: Date, brand: Brand, id: string, deferCharge = false) {
  return runVerb(systemContext(db, brand, now), renewSubscription, { id, deferCharge });
}

const renewSubscription = stepped(
  async ({
    ctx,
    input: { id, deferCharge },
  }: {
    ctx: StepContext;
    input: { id: string; deferCharge: boolean };
  }): Promise<"renewed" | "charged" | "declined" | null | { later: LaterCharge[] }> => {
    const now = ctx.now();
    const brand = ctx.brand;
    const d = await loadSubscription(ctx, id, { forUpdate: true });
    const s = d.sub;
    if (s.status !== STATUS.ACTIVE || !s.renewalDate || s.renewalDate > today(now, brand.timezoneId)) return null;
    if (!d.product || !isProductBillable(d.product, d.group)) return null;
    // A period never starts without its invoice: the one generated ahead, else one made now.
    const invoice = await periodInvoice(ctx, d, s.renewalDate);
    const live = invoice.deletedAt === null;

    // The ending cycle's metered usage goes on this invoice and only then starts again at zero; a
    // free trial's usage is not billed; usage waits for the next invoice if staff deleted this one.
    const metered = d.attached.filter((a) => a.component.componentType === "metered" && isComponentBillable(a.component));
    if (metered.length && (live || s.inTrial === "Y")) {
      const usage = s.inTrial === "Y" ? [] : usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
      if (usage.length) {
        const account = await findAccount(ctx, s.customerAccountId);
        const lines = toInvoiceLines(usage, { product: d.product, account, components: metered.map((a) => a.component) });
        // An invoice with something paid on it is final (issue 31): the usage is an invoice adding to it.
        // Either is taxed (lib/tax): the invoice the usage joins is taxed again with it.
        if (await isFinal(ctx, invoice.id)) await createAdjustment(ctx, invoice, await taxedLines(ctx, account, lines));
        else await replaceLines(ctx, invoice.id, await taxedLines(ctx, account, [...invoice.items, ...lines]));
      }
      await ctx.db
        .update(subscriptionComponents)
        .set({ usage: 0 })
        .where(and(eq(subscriptionComponents.subscriptionId, s.id), sql`${subscriptionComponents.usage} <> 0`));
    }
    // A coupon's cycle is counted when, and only when, the period's invoice carries it (an invoice
    // staff deleted forgives the period's money, not the coupon's cycle: it was given); a final one
    // re-priced after a change, when the lines it is now priced at do.
    for (const c of d.coupons) {
      if (carriesCoupon(invoice.repricedItems ?? invoice.items, c.coupon.couponCode)) {
        await ctx.db
          .update(subscriptionCoupons)
          .set({ cyclesApplied: c.cyclesApplied + 1 })
          .where(eq(subscriptionCoupons.id, c.id));
      }
    }
    // A one-time product (interval 0) ends here: its renewal date goes, it never renews again.
    const next = renewalAfter(s.renewalDate, s, d.product);
    const advanced = await ctx.db
      .update(subscriptions)
      .set({
        periodStart: s.renewalDate,
        renewalDate: next,
        billingAnchor: s.billingAnchor ?? s.renewalDate,
        inTrial: "N",
        version: sql`${subscriptions.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.id, s.id), eq(subscriptions.renewalDate, s.renewalDate)))
      .returning();
    if (!advanced.length) return null;
    await recordPeriod(ctx, { subscriptionId: s.id, periodStart: s.renewalDate, periodEnd: next, invoiceId: invoice.id });
    await postActionUrl(ctx, { ...d, sub: advanced[0] }, "renew_subscription");
    if (!live) return "renewed";

    // The period's invoice and those adding to it (issue 31), each as the renewal's own: the prepaid
    // balance pays first; the card, with auto pay, what is left.
    let result: "renewed" | "charged" | "declined" = "renewed";
    const later: LaterCharge[] = [];
    for (const i of [invoice, ...(await adjustmentsOf(ctx, invoice.id))]) {
      await payFromPrepaid(ctx, i.id);
      if (s.autoPay !== "Y") continue;
      if ((await reloadInvoice(ctx, i.id)).amounts.balance <= 0) continue;
      const payMethod = await renewalPayMethod(ctx, s);
      if (!payMethod) continue;
      if (deferCharge) {
        later.push({ subscriptionId: s.id, invoiceId: i.id, payMethodId: payMethod.id });
        continue;
      }
      try {
        const r = await chargeInvoice.stepped({ ctx, input: { invoiceId: i.id, payMethodId: payMethod.id } });
        if (r.status === "failed") result = "declined";
        else if (r.status === "succeeded" && result === "renewed") result = "charged";
      } catch (err) {
        // An unusable pay method leaves the invoice unpaid for dunning; the renewal itself stands.
        logger.error("renewal charge refused", { subscriptionId: s.id, error: err });
      }
    }
    return later.length ? { later } : result;
  },
);

/** The invoice of the period starting on `periodStart` (live, or deleted by staff), made now if billing never generated it. */
async function periodInvoice(ctx: Context, d: SubscriptionDetails, periodStart: string): Promise<InvoiceRow> {
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, d.sub.id), eq(invoices.billingPeriodStart, periodStart)))
    )[0];
  const existing = await find();
  if (existing) return existing;
  const account = await findAccount(ctx, d.sub.customerAccountId);
  await createInvoiceForSubscription(ctx, {
    customerAccountId: d.sub.customerAccountId,
    subscriptionId: d.sub.id,
    periodStart,
    dueDate: periodStart,
    lines: toInvoiceLines(nextPeriodLines(ctx, d), { product: d.product, account, components: d.attached.map((a) => a.component) }),
  });
  return (await find())!;
}

/** Spec, behaviour 1 (lib/pay-methods/queries.ts autoPayMethod, which a proration charge uses too). */
export const renewalPayMethod = autoPayMethod;
