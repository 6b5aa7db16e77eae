import { eq, sql } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { brands, invoices, payments } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { atInstant, systemContext, type Brand, type RunContext } from "../auth/context";
import { owedSql } from "../invoices/lines";
import { logger } from "../log";
import { STATUS } from "../lifecycle";
import { chargeInvoice } from "../payments/charge-invoice";
import { payFromPrepaid } from "../payments/prepaid";
import { reloadInvoice } from "../invoices/queries";
import { retryDue } from "../pricing/retries";
import { startOfDay, addDays, today } from "../pricing/periods";
import { loadSubscription } from "../subscriptions/details";
import { runVerb, type StepContext, stepped } from "../run-verb";
import { brandsOfRun } from "./brands-in-run";
import { inScope } from "../../db/tenancy";
import { renewalPayMethod } from "./renew-due";

/** Invoices looked at per call with a limit (one Inngest step): each retry is a gateway call. */
export const RETRIES_PER_STEP = 100;

/**
 * Retries of declined renewal charges (issue 32), on the brand's schedule (`retry_days`, days after
 * the first declined charge of the invoice, in the brand's time zone): the run makes the retry whose
 * day has come (./../pricing/retries.ts retryDue), for every live subscription invoice still owed
 * whose subscription is active with auto pay. Run after the renewals and before dunning (a retry
 * that pays stops the dunning: an invoice paid is never dunned), and independent of it. Each retry
 * is an attempt like any charge (pending, gateway, settled; the prepaid balance pays first), marked
 * with its number (`payments.retry`), made once per invoice and number under the invoice's lock
 * and a unique index, so concurrent runners and a rerun never retry twice. `after`/`limit`: one
 * Inngest step's share, answering where to go on (`next`).
 */
export async function retryDeclines({
  ctx: given,
  input: { after, limit } = {},
}: {
  ctx: RunContext;
  input?: { after?: string; limit?: number };
}): Promise<{ retried: number; charged: number; declined: number; next?: string }> {
  const ctx = atInstant(given);
  const { db } = ctx;
  const now = ctx.now();
  const outcome = { retried: 0, charged: 0, declined: 0 };
  const live = await brandsOfRun(ctx, sql`cardinality(${brands.retryDays}) > 0`);
  let next: string | undefined;
  for (const brand of live) {
    const found = await declinedInvoices(db, brand, now, { after, limit });
    if (limit && found.length === limit) next = found[found.length - 1].invoiceId;
    const on = today(now, brand.timezoneId);
    for (const d of found) {
      const retry = retryDue(d.declinedOn, brand.retryDays, on, d.lastRetry);
      if (retry === null) continue;
      try {
        const r = await runVerb(systemContext(db, brand, now), retryCharge, { invoiceId: d.invoiceId, subscriptionId: d.subscriptionId, retry });
        if (r === null) continue;
        outcome.retried++;
        if (r === "succeeded") outcome.charged++;
        if (r === "failed") outcome.declined++;
      } catch (err) {
        logger.error("retrying a declined renewal failed", { invoiceId: d.invoiceId, retry, error: err });
      }
    }
  }
  return { ...outcome, ...(next ? { next } : {}) };
}

interface Declined {
  invoiceId: string;
  subscriptionId: string;
  /** The day (brand's zone) of the invoice's first declined charge, which the schedule counts from. */
  declinedOn: string;
  lastRetry: number | null;
}

/**
 * One brand's invoices whose retries may still come: a declined gateway charge within the
 * schedule's reach, still owed, live, of an active subscription with auto pay. In invoice id order.
 */
async function declinedInvoices(db: Db, brand: Brand, now: Date, { after, limit }: { after?: string; limit?: number }): Promise<Declined[]> {
  const reach = startOfDay(addDays(today(now, brand.timezoneId), -(Math.max(...brand.retryDays, 0) + 1)), brand.timezoneId);
  const rows = resultRows<{ invoice_id: string; subscription_id: string; declined_at: Date | string; last_retry: number | null }>(
    // Under the brand's scope (row-level security).
    await inScope(db, brand.id, (tx) =>
      tx.execute(sql`
      select i.id as invoice_id, i.subscription_id,
        (select min(p.created_at) from ${payments} p where p.invoice_id = i.id and p.status = 'failed' and p.processed_by = 'gateway' and p.retry is null) as declined_at,
        (select max(p.retry) from ${payments} p where p.invoice_id = i.id) as last_retry
      from ${invoices} i join subscriptions s on s.id = i.subscription_id
      where i.id in (
          select p.invoice_id from ${payments} p
          where p.brand_id = ${brand.id} and p.status = 'failed' and p.processed_by = 'gateway' and p.invoice_id is not null
            and p.created_at >= ${reach.toISOString()}::timestamptz)
        and i.brand_id = ${brand.id} and i.deleted_at is null and i.voided_at is null
        and s.status = 1 and s.auto_pay = 'Y'
        ${after ? sql`and i.id > ${after}` : sql``}
        and ${owedSql(sql`i`)} > 0
      order by i.id
      ${limit ? sql`limit ${limit}` : sql``}`),
    ),
  );
  return rows
    .filter((r) => r.declined_at !== null)
    .map((r) => ({
      invoiceId: r.invoice_id,
      subscriptionId: r.subscription_id,
      declinedOn: today(new Date(r.declined_at), brand.timezoneId),
      lastRetry: r.last_retry === null ? null : Number(r.last_retry),
    }));
}

/**
 * One retry: under the locks of the account, the subscription and the invoice (the lock order of
 * every change), made only if no retry of this number or later is on record yet, the invoice still
 * owed and the subscription still active with auto pay. The prepaid balance pays first, then the
 * renewal's pay method (the subscription's own, else the customer's default) is charged the rest.
 */
const retryCharge = stepped(
  async ({
    ctx,
    input,
  }: {
    ctx: StepContext;
    input: { invoiceId: string; subscriptionId: string; retry: number };
  }): Promise<"succeeded" | "failed" | "pending" | null> => {
    const d = await loadSubscription(ctx, input.subscriptionId, { forUpdate: true });
    if (d.sub.status !== STATUS.ACTIVE || d.sub.autoPay !== "Y") return null;
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(inBrand(ctx, invoices, eq(invoices.id, input.invoiceId)))
      .for("no key update");
    if (!invoice || invoice.deletedAt || invoice.voidedAt) return null;
    const [{ last }] = await ctx.db
      .select({ last: sql<number | null>`max(${payments.retry})` })
      .from(payments)
      .where(inBrand(ctx, payments, eq(payments.invoiceId, invoice.id)));
    if (last !== null && Number(last) >= input.retry) return null;
    await payFromPrepaid(ctx, invoice.id);
    if ((await reloadInvoice(ctx, invoice.id)).amounts.balance <= 0) return "succeeded";
    const payMethod = await renewalPayMethod(ctx, d.sub);
    if (!payMethod) return null;
    const r = await chargeInvoice.stepped({ ctx, input: { invoiceId: invoice.id, payMethodId: payMethod.id, retry: input.retry } });
    return r.status === "nothing_due" ? null : r.status;
  },
);
