import { and, asc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { hasConnectionPool, resultRows, selectColumns, selectRows } from "../../db/client";
import { billingMarks, brands, customerAccounts, invoices, productGroups, products, subscriptions } from "../../db/schema";
import { atInstant, brandOfRun, systemContext, type Context, type RunContext } from "../auth/context";
import { anyOf, inBrand, sqlArray } from "../../db/scope";
import { postgresError } from "../../db/errors";
import { newId } from "../ids";
import { logger } from "../log";
import { nextPeriodLines, PRICED_COLUMNS, withDetails, type PricedSubscription } from "../subscriptions/details";
import { invoiceHorizon } from "../pricing/periods";
import { INVOICES_CREATED } from "./invoice-events";
import { deliveryDueAt } from "../outbox/emit";
import { brandsOfRun, scopeOfRun } from "./brands-in-run";
import { inScope } from "../../db/tenancy";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { withTax } from "../tax/compute";
import { activeTaxRates } from "../tax/rates";
import { inContext } from "../run-verb";
import { STATUS } from "../lifecycle";
import { documentNumberSql, takeSequencesSql } from "../document-numbers";

/** What generateDueInvoices takes besides its context (which says the brand, or every brand, and the instant). */
export interface GenerateOptions {
  /** Only these subscriptions (a change that put a renewal inside the window). */
  subscriptionIds?: string[];
  chunkSize?: number;
  /** How many more times subscriptions changed while being priced are priced again in this run. */
  retries?: number;
  /** For one brand: start after this subscription in the due order (the `next` a call with maxChunks answered). */
  after?: GenerateCursor;
  /** For one brand: stop after this many chunks, answering where to go on (`next`); one chunk is one Inngest step. */
  maxChunks?: number;
}

/** Where a brand's generation goes on: the last subscription of the chunk before, in the due order. */
export interface GenerateCursor {
  renewalDate: string;
  id: string;
  /** A chunk before it left a subscription uninvoiced (logged): the walk's end then sets no mark. */
  incomplete?: true;
}

/** What a chunk wrote, and the subscriptions a change reached between pricing and writing (priced again). */
interface ChunkResult {
  created: number;
  changed: string[];
  /** Subscriptions the database refused to invoice (logged): none for a chunk written whole. */
  failed?: number;
}

/**
 * Generates the invoice of every renewal due within 72 hours (spec, behaviour 1), for all brands.
 * Idempotent and safe to run concurrently: (subscription_id, billing_period_start) is unique, so a
 * second runner's insert of the same period does nothing. Works brand by brand, in chunks of one
 * brand's due subscriptions: one query for them, a few for their catalog rows and accounts, pure
 * pricing, then one statement writing the invoices (their lines on them) and one event whose
 * delivery writes their Invoice/Create events.
 * Skipped: suspended or deleted subscriptions, deleted brands, suspended or deleted groups, deleted products.
 */
export async function generateDueInvoices({
  ctx: given,
  input: { subscriptionIds, chunkSize = 5000, retries = 3, after: start, maxChunks = Infinity } = {},
}: {
  ctx: RunContext;
  input?: GenerateOptions;
}): Promise<{ created: number; next?: GenerateCursor }> {
  const ctx = atInstant(given);
  const { db } = ctx;
  const now = ctx.now();
  const brandId = brandOfRun(ctx)?.id;
  const live = subscriptionIds
    ? // A few changed subscriptions: their brands, sandbox or not (the change came at its clock's time).
      await inScope(db, scopeOfRun(ctx), (tx) =>
        selectRows(tx, brands, {
          where: and(
            isNull(brands.deletedAt),
            brandId ? eq(brands.id, brandId) : undefined,
            sql`exists (select 1 from ${subscriptions} where ${subscriptions.brandId} = ${brands.id} and ${anyOf(subscriptions.id, subscriptionIds)})`,
          ),
          orderBy: [asc(brands.id)],
        }),
      )
    : await brandsOfRun(ctx);
  let created = 0;
  const changed: string[] = [];
  // While one chunk is priced here, those before it are written by the database (on the other
  // core). Only with a pool of connections: PGlite and a transaction have one, and would interleave.
  const parallel = hasConnectionPool(db) ? 2 : 1;
  const running = new Set<Promise<void>>();
  let chunks = 0;
  let failed = 0;
  let next: GenerateCursor | undefined;
  for (const brand of live) {
    const brandCtx = systemContext(db, brand, now);
    const horizon = invoiceHorizon(now, brand.timezoneId);
    failed = 0;
    // Walked in the order of the due index (brand, status, renewal date, id), a chunk's worth of
    // rows at a time whatever they hold (dueChunk): each chunk reads its own rows, not the window's.
    for (let after: GenerateCursor | undefined = start; ;) {
      if (chunks >= maxChunks) {
        next = after && (failed || start?.incomplete) ? { ...after, incomplete: true } : after;
        break;
      }
      const { due, last } = await inContext(brandCtx, (txCtx) => dueChunk(txCtx, { horizon, after, chunkSize, subscriptionIds }));
      chunks++;
      if (due.length) {
        const task = generateIsolating(brandCtx, due)
          .then((r) => {
            created += r.created;
            changed.push(...r.changed);
            failed += r.failed ?? 0;
          })
          .finally(() => running.delete(task));
        running.add(task);
        if (running.size >= parallel) await Promise.race(running);
      }
      // The walk's end: fewer rows than a chunk were left.
      if (!last) {
        // The whole window invoiced: the brand's mark moves to its horizon (dueWork's probe starts after it).
        await Promise.all(running);
        if (!subscriptionIds && !failed && !start?.incomplete) await inContext(brandCtx, (txCtx) => markInvoicedThrough(txCtx, horizon));
        break;
      }
      after = last;
    }
  }
  await Promise.all(running);
  // A change that raced this run skipped its subscription's invoice; the change has committed, so
  // its invoice is priced again now, from the terms as changed, rather than waiting for the next run.
  if (changed.length && retries > 0) {
    created += (await generateDueInvoices({ ctx, input: { subscriptionIds: changed, chunkSize, retries: retries - 1 } })).created;
  }
  return next ? { created, next } : { created };
}

/**
 * One chunk of a brand's generation walk: the subscriptions still to invoice among the next
 * `chunkSize` active ones due within the horizon, after `after` in the due order (renewal date, id);
 * and `last`, the walk's last row, where the next chunk starts (none once fewer than `chunkSize`
 * were left). The walk's bound is found first, on the due index alone (the chunkSize-th row after
 * the cursor), and the chunk's conditions (invoice not yet written, live group and product) are then
 * checked only for the rows up to it: a chunk reads about chunkSize rows, whatever the brand's
 * size and however many of its window's renewals an earlier run invoiced already. Asked in one
 * query, the planner read and probed the whole window (about a tenth of a brand renewing monthly)
 * and sorted it to keep the first chunkSize still to invoice.
 */
async function dueChunk(
  ctx: Context,
  { horizon, after, chunkSize, subscriptionIds }: { horizon: string; after?: GenerateCursor; chunkSize: number; subscriptionIds?: string[] },
): Promise<{ due: PricedSubscription[]; last?: GenerateCursor }> {
  const walk = (...more: (SQL | undefined)[]) =>
    inBrand(
      ctx,
      subscriptions,
      eq(subscriptions.status, STATUS.ACTIVE),
      lte(subscriptions.renewalDate, horizon),
      after ? sql`(${subscriptions.renewalDate}, ${subscriptions.id}) > (${after.renewalDate}::date, ${after.id}::uuid)` : undefined,
      subscriptionIds ? anyOf(subscriptions.id, subscriptionIds) : undefined,
      ...more,
    );
  const { db } = ctx;
  const order = [asc(subscriptions.renewalDate), asc(subscriptions.id)];
  const [bound] = await selectColumns(db, subscriptions, ["id", "renewalDate"], { where: walk(), orderBy: order, offset: chunkSize - 1, limit: 1 });
  const last = bound ? { renewalDate: bound.renewalDate!, id: bound.id } : undefined;
  const due = await selectColumns(db, subscriptions, PRICED_COLUMNS, {
    where: walk(
      last ? sql`(${subscriptions.renewalDate}, ${subscriptions.id}) <= (${last.renewalDate}::date, ${last.id}::uuid)` : undefined,
      sql`exists (select 1 from ${productGroups} where ${productGroups.id} = ${subscriptions.productGroupId} and ${productGroups.status} = 1)`,
      sql`exists (select 1 from ${products} where ${products.id} = ${subscriptions.productId} and ${products.status} <> 3)`,
      sql`not exists (select 1 from ${invoices} where ${invoices.subscriptionId} = ${subscriptions.id} and ${invoices.billingPeriodStart} = ${subscriptions.renewalDate})`,
    ),
    orderBy: order,
  });
  return last ? { due, last } : { due };
}

/**
 * Records that every active subscription of the brand renewing by `horizon` has its invoice (a walk
 * of the whole window ended with none refused). A renewal date that comes inside the window later,
 * by a change, is invoiced by that change's billing/generate event; one by a renewal, by the next
 * pass of the same run (lib/billing/run-billing.ts).
 */
async function markInvoicedThrough(ctx: Context, horizon: string) {
  await ctx.db
    .insert(billingMarks)
    .values({ brandId: ctx.brand.id, invoicedThrough: horizon })
    .onConflictDoUpdate({ target: billingMarks.brandId, set: { invoicedThrough: horizon } });
}

/**
 * generateChunk, and when the database refuses a chunk, its halves and their halves: a subscription
 * that cannot be invoiced keeps only itself from its invoice, not the other 4,999 of its chunk (the
 * chunk is one statement, so a refused one wrote nothing). Never throws: failures are logged, with
 * the subscription once it is found.
 */
async function generateIsolating(ctx: Context, subs: PricedSubscription[], raced = 0): Promise<ChunkResult> {
  try {
    // Each chunk in a transaction of its brand's: audited as the system, under row-level security.
    return await inContext(ctx, (txCtx) => generateChunk(txCtx, subs));
  } catch (err) {
    if (err instanceof NumberingRaced && raced < 3) return generateIsolating(ctx, subs, raced + 1);
    if (subs.length === 1 || !refusedByData(err)) {
      logger.error("generating invoices failed", { brandId: ctx.brand.id, first: subs[0].id, count: subs.length, error: err });
      return { created: 0, changed: [], failed: subs.length };
    }
    const half = Math.ceil(subs.length / 2);
    const [a, b] = [await generateIsolating(ctx, subs.slice(0, half)), await generateIsolating(ctx, subs.slice(half))];
    return { created: a.created + b.created, changed: [...a.changed, ...b.changed], failed: (a.failed ?? 0) + (b.failed ?? 0) };
  }
}

/**
 * Whether PostgreSQL refused the statement for what it held (a constraint, a value, a trigger), so
 * that smaller parts may succeed; not a lost connection or an exhausted server (SQLSTATE classes
 * 08, 53, 57, 58), which splitting would only repeat once per subscription.
 */
function refusedByData(err: unknown) {
  const code = postgresError(err)?.code;
  return code !== undefined && !/^(08|53|57|58)/.test(code);
}

/** A chunk's numbers would leave a gap (generateChunk): it is rolled back and written again. */
class NumberingRaced extends Error {
  constructor() {
    super("another writer invoiced some of these periods meanwhile");
  }
}

async function generateChunk(ctx: Context, subs: PricedSubscription[]): Promise<ChunkResult> {
  const { db, brand } = ctx;
  const now = ctx.now();
  const accountIds = [...new Set(subs.map((s) => s.customerAccountId))];
  const [details, accounts, rates] = await Promise.all([
    withDetails(ctx, subs),
    // Only what each account's tax depends on: the Invoice/Create events read the rest when they are written.
    selectColumns(db, customerAccounts, ["id", "taxExempt", "taxExemptReason", "country", "state", "taxId"], {
      where: inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, accountIds)),
    }),
    activeTaxRates(ctx),
  ]);
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const ids = details.map(() => newId());
  const items = details.map((d) => {
    const account = accountById.get(d.sub.customerAccountId);
    const lines = toInvoiceLines(nextPeriodLines(ctx, d), { product: d.product, account, components: d.attached.map((a) => a.component) });
    // With their tax at the brand's rates now (lib/tax): a rate changed later reaches only later invoices.
    return account ? withTax(lines, { account, brand: ctx.brand, rates }) : lines;
  });
  // One statement: the invoices a concurrent runner has not written already, and one event listing
  // exactly those, whose delivery writes their Invoice/Create events (lib/billing/invoice-events.ts).
  // Only for subscriptions still at the version priced here, share-locked until the statement ends:
  // a change racing this (which locks the row and raises the version) either waits for these
  // invoices and prices them again, or makes this skip its subscription, whose invoice then follows
  // the change. Columns travel as arrays and the lines as one JSON array indexed by row: about half
  // the database's time of json_to_recordset, which turns each nested value back into text to parse it.
  const at = sql`${now.toISOString()}::timestamptz`;
  const subscriptionIds = sqlArray(
    details.map((d) => d.sub.id),
    "uuid[]",
  );
  const periods = sqlArray(
    details.map((d) => d.sub.renewalDate!),
    "date[]",
  );
  // Numbers (lib/document-numbers.ts) for exactly the invoices still to write, taken after the
  // subscriptions' locks (the order every change takes them in), in the chunk's order.
  const [{ created, changed, numbered }] = resultRows<ChunkResult & { numbered: number }>(
    await db.execute(sql`
      with current as (
        select s.id from subscriptions s
        join unnest(${subscriptionIds}, ${sqlArray(
          details.map((d) => String(d.sub.version)),
          "int[]",
        )}, ${periods}) as x(id, version, period)
          on s.id = x.id and s.version = x.version and s.renewal_date = x.period and s.status = 1
        where s.id = any(${subscriptionIds})
        for share of s
      ), todo as (
        select x.*, row_number() over (order by x.n) as seq
        from unnest(${sqlArray(ids, "uuid[]")}, ${sqlArray(
          details.map((d) => d.sub.customerAccountId),
          "uuid[]",
        )}, ${subscriptionIds}, ${periods})
               with ordinality as x(id, account, subscription, period, n)
        where x.subscription in (select id from current)
          and not exists (select 1 from invoices i where i.subscription_id = x.subscription and i.billing_period_start = x.period)
      ), counter as (
        select ${takeSequencesSql(brand.id, "invoice", sql`count(*)`)} as last, count(*) as taken from todo having count(*) > 0
      ), inv as (
        insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, number, due_date, items, created_at, updated_at)
        select todo.id, ${brand.id}::uuid, account, subscription, period, ${documentNumberSql(brand.id, "invoice", sql`counter.last - counter.taken + todo.seq`)},
               period, lines.per_invoice -> (n::int - 1), ${at}, ${at}
        from todo, counter, (select ${JSON.stringify(items)}::jsonb as per_invoice) as lines
        on conflict (subscription_id, billing_period_start) do nothing
        returning id
      ), event as (
        insert into outbox_events (id, brand_id, type, payload, next_attempt_at, created_at)
        select ${newId()}::uuid, ${brand.id}::uuid, ${INVOICES_CREATED}, jsonb_build_object('invoice_ids', jsonb_agg(id)), ${deliveryDueAt(brand, now).toISOString()}::timestamptz, ${at}
        from inv having count(*) > 0
      )
      select (select count(*)::int from inv) as created,
             (select coalesce(sum(taken), 0)::int from counter) as numbered,
             array(select x.id::text from unnest(${subscriptionIds}) as x(id) where x.id not in (select id from current)) as changed`),
  );
  // A concurrent writer's invoice for one of these periods committed while this waited for the
  // counter: its number would be a gap. Rolled back and written again, the period is skipped.
  if (created !== numbered) throw new NumberingRaced();
  return { created, changed };
}
