import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { resultRows, selectColumns, selectRows, type Db } from "../../db/client";
import {
  customerAccounts,
  invoices,
  type InvoiceLine,
  payGateways,
  payMethods,
  payments,
  subscriptionComponents,
  subscriptionCoupons,
  subscriptions,
} from "../../db/schema";
import { anyOf, inBrand, sqlArray } from "../../db/scope";
import { systemContext, type Brand, type Context } from "../auth/context";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { connectGateway } from "../gateways/queries";
import type { ChargeRequest, ChargeResult, GatewayConnection } from "../gateways/providers/types";
import type { GatewayRow } from "../gateways/read";
import { newId } from "../ids";
import { carriesCoupon, storedLines } from "../invoices/lines";
import { withAmounts } from "../invoices/queries";
import type { InvoiceRow } from "../invoices/queries";
import { logger } from "../log";
import type { PayMethodRow } from "../pay-methods/read";
import { recordOutcomes, type AnsweredAttempt } from "../payments/settle-charges";
import { settleCharge } from "../payments/settle-charge";
import type { PaymentRow } from "../payments/queries";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { withTax } from "../tax/compute";
import { activeTaxRates } from "../tax/rates";
import { renewalAfter, today } from "../pricing/periods";
import { usageLines } from "../pricing/pricing";
import { runVerb } from "../run-verb";
import { withDetails, type SubscriptionRow } from "../subscriptions/details";
import { postActionUrl } from "../subscriptions/events";
import { pricedComponent } from "../subscriptions/terms";
import { STATUS } from "../lifecycle";

/** Gateway calls in flight at once for a chunk's charges (each is a network round trip, not CPU). */
const GATEWAY_PARALLELISM = 8;

/** A charge attempt committed as pending with its chunk's renewals, and where it goes. */
interface PendingCharge {
  payment: PaymentRow;
  request: ChargeRequest;
  gateway: GatewayRow;
}

/** What a chunk's transaction committed, and what it left to the one-by-one path. */
interface Committed {
  renewed: number;
  charges: PendingCharge[];
  /** Renewals this path does not take (no invoice yet, a prepaid balance to spend first): renewed one by one. */
  oneByOne: string[];
  /** Renewed here, but the invoice has a charge whose answer was lost: charged through chargeInvoice, which settles it first. */
  chargeLater: { subscriptionId: string; invoiceId: string; payMethodId: string }[];
}

export interface ChunkOutcome {
  renewed: number;
  charged: number;
  declined: number;
  oneByOne: string[];
  chargeLater: Committed["chargeLater"];
  /** With deferCharges: the attempts committed as pending, not sent yet. */
  pending?: string[];
}

const description = (p: PaymentRow) => `Invoice ${p.invoiceId} (payment ${p.id})`;

/**
 * Renews a chunk of one brand's due subscriptions as renewSubscription (./renew-due.ts) renews
 * one, in three steps whatever the chunk's size: one transaction writes every renewal (usage lines
 * and reset, coupon cycles, the period advanced with its compare-and-set, the period rows, action_url
 * events) with its charge attempt recorded as pending; the gateways are called holding no
 * transaction; one transaction settles their answers. A lost answer stays pending for the janitor,
 * as on the one-by-one path. Throws only from the first step (nothing of the chunk written): the
 * caller then renews the chunk one by one, so one subscription's bad data keeps only itself back.
 * `deferCharges`: only the first step; the pending attempts' ids are answered (`pending`) for
 * chargePending to send, in an Inngest step of their own.
 */
export async function renewChunk(db: Db, now: Date, brand: Brand, ids: string[], { deferCharges = false } = {}): Promise<ChunkOutcome> {
  const committed = await runVerb(systemContext(db, brand, now), commitRenewals, ids);
  const outcome: ChunkOutcome = { renewed: committed.renewed, charged: 0, declined: 0, oneByOne: committed.oneByOne, chargeLater: committed.chargeLater };
  if (deferCharges) return { ...outcome, pending: committed.charges.map((c) => c.payment.id) };
  return { ...outcome, ...(await sendCharges(db, now, brand, committed.charges)) };
}

/**
 * Sends renewal charge attempts committed as pending (renewChunk with deferCharges) and settles
 * their answers: only those still pending (a retry, or the janitor, may have settled some), each
 * under its payment id as the gateway's idempotency key, so sending one again never charges twice.
 */
export async function chargePending(db: Db, now: Date, brand: Brand, paymentIds: string[]): Promise<{ charged: number; declined: number }> {
  if (!paymentIds.length) return { charged: 0, declined: 0 };
  const charges = await runVerb(systemContext(db, brand, now), loadPending, paymentIds);
  return sendCharges(db, now, brand, charges);
}

async function loadPending({ ctx, input: ids }: { ctx: Context; input: string[] }): Promise<PendingCharge[]> {
  const pending = await selectRows(ctx.db, payments, { where: inBrand(ctx, payments, anyOf(payments.id, ids), eq(payments.status, "pending")) });
  if (!pending.length) return [];
  const methods = new Map(
    (
      await selectColumns(ctx.db, payMethods, ["id", "token"], {
        where: inBrand(ctx, payMethods, anyOf(payMethods.id, [...new Set(pending.map((p) => p.payMethodId!))])),
      })
    ).map((m) => [m.id, m.token]),
  );
  const gateways = new Map(
    (
      await ctx.db
        .select()
        .from(payGateways)
        .where(inBrand(ctx, payGateways, anyOf(payGateways.id, [...new Set(pending.map((p) => p.gatewayId!))])))
    ).map((g) => [g.id, g]),
  );
  return pending.flatMap((payment) => {
    const token = methods.get(payment.payMethodId!);
    const gateway = gateways.get(payment.gatewayId!);
    if (!token || !gateway) return [];
    return [
      {
        payment,
        gateway,
        request: { token, amount: payment.amount, currency: ctx.brand.currency, idempotencyKey: payment.id, description: description(payment) },
      },
    ];
  });
}

/** The gateway calls of committed attempts, holding no transaction, then one transaction settling their answers. */
async function sendCharges(db: Db, now: Date, brand: Brand, charges: PendingCharge[]) {
  const outcome = { charged: 0, declined: 0 };
  if (!charges.length) return outcome;
  const answered = await askGateways(charges);
  if (!answered.length) return outcome;
  try {
    const status = await runVerb(systemContext(db, brand, now), recordOutcomes, answered);
    for (const s of status.values()) {
      if (s === "succeeded" || s === "reversed") outcome.charged++;
      if (s === "failed") outcome.declined++;
    }
  } catch (err) {
    // The attempts stay pending, settled by their keys by the next run's janitor.
    logger.error("settling renewal charges failed", { brandId: brand.id, count: answered.length, error: err });
  }
  return outcome;
}

/** The gateway's answer to each charge, a few at a time; an unknown outcome or a refusal leaves it pending. */
async function askGateways(charges: PendingCharge[]): Promise<AnsweredAttempt[]> {
  const connections = new Map<string, GatewayConnection>();
  const connection = (g: GatewayRow) => connections.get(g.id) ?? connections.set(g.id, connectGateway(g)).get(g.id)!;
  const answered: AnsweredAttempt[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < charges.length; i = next++) {
      const c = charges[i];
      let result: ChargeResult | null = null;
      try {
        result = await settleCharge(connection(c.gateway), c.request, { askFirst: false });
      } catch (err) {
        logger.error("renewal charge refused", { paymentId: c.payment.id, error: err });
      }
      if (result) answered.push({ payment: c.payment, result });
    }
  };
  await Promise.all(Array.from({ length: Math.min(GATEWAY_PARALLELISM, charges.length) }, worker));
  return answered;
}

/** Of these invoices, those paid on (final, issue 31) or with invoices adding to them: one query. */
async function finalOrAdded(ctx: Context, rows: InvoiceRow[]) {
  if (!rows.length) return new Set<string>();
  const ids = sqlArray(
    rows.map((r) => r.id),
    "uuid[]",
  );
  const found = resultRows<{ id: string }>(
    await ctx.db.execute(sql`
      select invoice_id as id from ${payments} where brand_id = ${ctx.brand.id} and invoice_id = any(${ids}) and status in ('succeeded', 'reversed')
      union select adjusts_invoice_id from ${invoices} where brand_id = ${ctx.brand.id} and adjusts_invoice_id = any(${ids}) and deleted_at is null`),
  );
  return new Set(found.map((r) => r.id));
}

async function commitRenewals({ ctx, input: ids }: { ctx: Context; input: string[] }): Promise<Committed> {
  const now = ctx.now();
  const committed: Committed = { renewed: 0, charges: [], oneByOne: [], chargeLater: [] };
  const dueNow = inBrand(
    ctx,
    subscriptions,
    anyOf(subscriptions.id, ids),
    eq(subscriptions.status, STATUS.ACTIVE),
    lte(subscriptions.renewalDate, today(now, ctx.brand.timezoneId)),
  );
  // The lock order everywhere: accounts, subscriptions, invoices; each set in id order, so two
  // runners on the same chunk queue rather than deadlock. Rows are re-read under their locks.
  // selectRows: drizzle's row mapping of these reads was most of this process's time for a chunk.
  const accountIds = [...new Set((await selectColumns(ctx.db, subscriptions, ["customerAccountId"], { where: dueNow })).map((r) => r.customerAccountId))];
  if (!accountIds.length) return committed;
  // Locked; read for what a renewal needs of them (its prepaid balance, whether its lines are tax exempt).
  const accounts = await selectColumns(ctx.db, customerAccounts, ["id", "prepaidBalance", "taxExempt", "taxExemptReason", "country", "state", "taxId"], {
    where: inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, accountIds)),
    orderBy: [asc(customerAccounts.id)],
    forUpdate: "no key update",
  });
  const subs = await selectRows(ctx.db, subscriptions, { where: dueNow, orderBy: [asc(subscriptions.id)], forUpdate: true });
  if (!subs.length) return committed;
  const details = (await withDetails(ctx, subs)).filter((d) => d.product && isProductBillable(d.product, d.group));
  if (!details.length) return committed;
  // The subscription ids as an array condition too: right after generation wrote thousands of
  // invoices, statistics saying the table holds a few made the planner pair every invoice of the
  // brand with every period of the chunk (28,000 x 500 comparisons, 9 s a chunk); with it, any plan
  // keeps only the chunk's subscriptions' invoices (at worst the brand's read once, hashed).
  const periodInvoices = await selectRows(ctx.db, invoices, {
    where: inBrand(
      ctx,
      invoices,
      anyOf(
        invoices.subscriptionId,
        details.map((d) => d.sub.id),
      ),
      sql`(${invoices.subscriptionId}, ${invoices.billingPeriodStart}) in (select * from unnest(${sqlArray(
        details.map((d) => d.sub.id),
        "uuid[]",
      )}, ${sqlArray(
        details.map((d) => d.sub.renewalDate!),
        "date[]",
      )}))`,
    ),
    orderBy: [asc(invoices.id)],
    forUpdate: "no key update",
  });
  const invoiceOf = new Map(periodInvoices.map((i) => [i.subscriptionId!, i]));
  const withAdditions = await finalOrAdded(ctx, periodInvoices);
  const accountById = new Map(accounts.map((a) => [a.id, a]));

  // What each renewal writes, decided before anything is written.
  const renewals: { sub: SubscriptionRow; invoice: InvoiceRow; d: (typeof details)[number] }[] = [];
  // Each invoice usage joins, whole and taxed again with it (lib/tax).
  const usage: { invoiceId: string; items: InvoiceLine[] }[] = [];
  const rates = await activeTaxRates(ctx);
  const usageReset: string[] = [];
  for (const d of details) {
    const s = d.sub;
    const invoice = invoiceOf.get(s.id);
    const account = accountById.get(s.customerAccountId);
    const live = invoice?.deletedAt === null;
    // The rare cases keep their one path: a period whose invoice was never generated, a prepaid
    // balance to spend first, an invoice already paid on (its usage is an invoice of its own) or added to.
    if (!invoice || !account || (live && account.prepaidBalance > 0) || withAdditions.has(invoice.id)) {
      committed.oneByOne.push(s.id);
      continue;
    }
    // As renewSubscription: the ending cycle's metered usage goes on a live invoice (not a trial's), then starts again at zero.
    const metered = d.attached.filter((a) => a.component.componentType === "metered" && isComponentBillable(a.component));
    if (metered.length && (live || s.inTrial === "Y")) {
      const lines = s.inTrial === "Y" ? [] : usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
      if (lines.length) {
        const stored = storedLines(toInvoiceLines(lines, { product: d.product, account, components: metered.map((a) => a.component) }));
        invoice.items = withTax([...invoice.items, ...stored], { account, brand: ctx.brand, rates });
        usage.push({ invoiceId: invoice.id, items: invoice.items });
      }
      usageReset.push(s.id);
    }
    renewals.push({ sub: s, invoice, d });
  }
  if (!renewals.length) return committed;
  // Each next renewal date from the subscription's anchor (periodEnd), the same function as the one-by-one path.
  const nextOf = new Map(renewals.map((r) => [r.sub.id, renewalAfter(r.sub.renewalDate!, r.sub, r.d.product!)]));
  const nextColumn = (rs: typeof renewals) =>
    sqlArray(
      rs.map((r) => nextOf.get(r.sub.id) ?? ""),
      "text[]",
    );

  if (usage.length) {
    await ctx.db.execute(sql`
      update invoices i set items = lines.per_invoice -> (x.n::int - 1)
      from unnest(${sqlArray(
        usage.map((u) => u.invoiceId),
        "uuid[]",
      )}) with ordinality as x(id, n),
           (select ${JSON.stringify(usage.map((u) => u.items))}::jsonb as per_invoice) as lines
      where i.id = x.id and i.brand_id = ${ctx.brand.id}`);
  }
  if (usageReset.length) {
    await ctx.db
      .update(subscriptionComponents)
      .set({ usage: 0 })
      .where(and(anyOf(subscriptionComponents.subscriptionId, usageReset), sql`${subscriptionComponents.usage} <> 0`));
  }
  // The period advances only from the renewal date read here (compare-and-set), as on the one-by-one path.
  const advancedIds = new Set(
    (
      await ctx.db
        .update(subscriptions)
        .set({
          periodStart: sql`x.period_start`,
          renewalDate: sql`nullif(x.next, '')::date`,
          billingAnchor: sql`coalesce(${subscriptions.billingAnchor}, x.period_start)`,
          inTrial: "N",
          version: sql`${subscriptions.version} + 1`,
          updatedAt: now,
        })
        .from(
          sql`unnest(${sqlArray(
            renewals.map((r) => r.sub.id),
            "uuid[]",
          )}, ${sqlArray(
            renewals.map((r) => r.sub.renewalDate!),
            "date[]",
          )}, ${nextColumn(renewals)}) as x(id, period_start, next)`,
        )
        .where(and(eq(subscriptions.id, sql`x.id`), eq(subscriptions.renewalDate, sql`x.period_start`)))
        .returning({ id: subscriptions.id })
    ).map((r) => r.id),
  );
  const advanced = renewals.filter((r) => advancedIds.has(r.sub.id));
  if (!advanced.length) return committed;
  committed.renewed = advanced.length;
  // A coupon's cycle is counted when, and only when, the period's invoice carries it.
  const couponIds = advanced.flatMap((r) => r.d.coupons.filter((c) => carriesCoupon(r.invoice.items, c.coupon.couponCode)).map((c) => c.id));
  if (couponIds.length) {
    await ctx.db
      .update(subscriptionCoupons)
      .set({ cyclesApplied: sql`${subscriptionCoupons.cyclesApplied} + 1` })
      .where(anyOf(subscriptionCoupons.id, couponIds));
  }
  // Columns travel as arrays, one parameter each: building a statement of a value per cell cost
  // more of this process's time than the database spent on it.
  await ctx.db.execute(sql`
    insert into subscription_periods (id, brand_id, subscription_id, period_start, period_end, invoice_id, created_at)
    select x.id, ${ctx.brand.id}::uuid, x.subscription_id, x.period_start, nullif(x.next, '')::date, x.invoice_id, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(
      advanced.map(() => newId()),
      "uuid[]",
    )}, ${sqlArray(
      advanced.map((r) => r.sub.id),
      "uuid[]",
    )}, ${sqlArray(
      advanced.map((r) => r.sub.renewalDate!),
      "date[]",
    )}, ${nextColumn(advanced)}, ${sqlArray(
      advanced.map((r) => r.invoice.id),
      "uuid[]",
    )}) as x(id, subscription_id, period_start, next, invoice_id)
    on conflict do nothing`);
  for (const r of advanced) {
    if (r.d.group.actionUrl) {
      const sub = {
        ...r.sub,
        periodStart: r.sub.renewalDate!,
        renewalDate: nextOf.get(r.sub.id) ?? null,
        billingAnchor: r.sub.billingAnchor ?? r.sub.renewalDate!,
        inTrial: "N" as const,
        version: r.sub.version + 1,
        updatedAt: now,
      };
      await postActionUrl(ctx, { ...r.d, sub }, "renew_subscription");
    }
  }
  await recordAttempts(ctx, advanced, committed);
  return committed;
}

/**
 * With auto pay, each live invoice's balance is charged to the subscription's own pay method while
 * it can be charged, or else the customer's default (autoPayMethod): the attempts are recorded
 * as pending here, committed with the renewals, and sent once the transaction is over.
 */
async function recordAttempts(ctx: Context, advanced: { sub: SubscriptionRow; invoice: InvoiceRow }[], committed: Committed) {
  const toCharge = advanced.filter((r) => r.invoice.deletedAt === null && r.sub.autoPay === "Y");
  if (!toCharge.length) return;
  const balances = new Map(
    (
      await withAmounts(
        ctx,
        toCharge.map((r) => r.invoice),
      )
    ).map((d) => [d.row.id, d.amounts.balance]),
  );
  const owing = toCharge.filter((r) => balances.get(r.invoice.id)! > 0);
  if (!owing.length) return;
  const ownIds = [...new Set(owing.map((r) => r.sub.payMethodId).filter((p): p is string => p !== null))];
  const accountIds = [...new Set(owing.map((r) => r.sub.customerAccountId))];
  const invoiceIds = owing.map((r) => r.invoice.id);
  const [own, defaults, pending] = await Promise.all([
    ownIds.length ? selectRows(ctx.db, payMethods, { where: inBrand(ctx, payMethods, anyOf(payMethods.id, ownIds)) }) : [],
    selectRows(ctx.db, payMethods, {
      where: inBrand(ctx, payMethods, anyOf(payMethods.customerAccountId, accountIds), eq(payMethods.isDefault, "Y"), isNull(payMethods.deletedAt)),
    }),
    selectColumns(ctx.db, payments, ["invoiceId"], { where: inBrand(ctx, payments, anyOf(payments.invoiceId, invoiceIds), eq(payments.status, "pending")) }),
  ]);
  const ownById = new Map(own.map((p) => [p.id, p]));
  const defaultOf = new Map(defaults.map((p) => [p.customerAccountId, p]));
  const withPending = new Set(pending.map((p) => p.invoiceId));
  const chosen: { r: (typeof owing)[number]; payMethod: PayMethodRow }[] = [];
  for (const r of owing) {
    const mine = r.sub.payMethodId ? ownById.get(r.sub.payMethodId) : undefined;
    const usable = mine && mine.customerAccountId === r.sub.customerAccountId && !mine.deletedAt && mine.verified === "Y";
    const payMethod = usable ? mine : defaultOf.get(r.sub.customerAccountId);
    if (!payMethod) continue;
    if (payMethod.verified !== "Y") {
      // As chargeInvoice refuses it: the invoice stays unpaid for dunning, the renewal stands.
      logger.error("renewal charge refused", { subscriptionId: r.sub.id, reason: "pay method not verified" });
      continue;
    }
    if (withPending.has(r.invoice.id)) committed.chargeLater.push({ subscriptionId: r.sub.id, invoiceId: r.invoice.id, payMethodId: payMethod.id });
    else chosen.push({ r, payMethod });
  }
  if (!chosen.length) return;
  const gatewayIds = [...new Set(chosen.map((c) => c.payMethod.gatewayId))];
  const gateways = new Map(
    (
      await ctx.db
        .select()
        .from(payGateways)
        .where(inBrand(ctx, payGateways, anyOf(payGateways.id, gatewayIds)))
    ).map((g) => [g.id, g]),
  );
  const now = ctx.now();
  for (const { r, payMethod } of chosen) {
    const gateway = gateways.get(payMethod.gatewayId);
    if (!gateway || gateway.deletedAt) {
      logger.error("renewal charge refused", { subscriptionId: r.sub.id, reason: "the pay method's gateway is deleted" });
      continue;
    }
    const payment: PaymentRow = {
      id: newId(),
      brandId: ctx.brand.id,
      customerAccountId: r.sub.customerAccountId,
      invoiceId: r.invoice.id,
      payMethodId: payMethod.id,
      gatewayId: gateway.id,
      target: "invoice",
      processedBy: "gateway",
      amount: balances.get(r.invoice.id)!,
      status: "pending",
      retry: null,
      paymentGateway: gateway.provider,
      paymentTransactionId: null,
      failureReason: null,
      refundTransactionId: null,
      reversedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    committed.charges.push({
      payment,
      gateway,
      request: { token: payMethod.token, amount: payment.amount, currency: ctx.brand.currency, idempotencyKey: payment.id, description: description(payment) },
    });
  }
  if (committed.charges.length)
    await insertPending(
      ctx,
      committed.charges.map((c) => c.payment),
    );
}

/** The pending attempts in one statement, their columns as arrays (as the periods above). */
async function insertPending(ctx: Context, rows: PaymentRow[]) {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const column = (f: (p: PaymentRow) => string, type: "uuid[]" | "text[]") => sqlArray(rows.map(f), type);
  await ctx.db.execute(sql`
    insert into payments (id, brand_id, customer_account_id, invoice_id, pay_method_id, gateway_id, target, processed_by, amount, status, payment_gateway, created_at, updated_at)
    select x.id, ${ctx.brand.id}::uuid, x.account, x.invoice, x.pay_method, x.gateway, 'invoice', 'gateway', x.amount::bigint, 'pending', nullif(x.provider, ''), ${at}, ${at}
    from unnest(${column((p) => p.id, "uuid[]")}, ${column((p) => p.customerAccountId, "uuid[]")}, ${column((p) => p.invoiceId!, "uuid[]")},
                ${column((p) => p.payMethodId!, "uuid[]")}, ${column((p) => p.gatewayId!, "uuid[]")}, ${column((p) => String(p.amount), "text[]")},
                ${column((p) => p.paymentGateway ?? "", "text[]")}) as x(id, account, invoice, pay_method, gateway, amount, provider)`);
}
