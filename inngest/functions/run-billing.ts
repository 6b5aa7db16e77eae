import { and, eq } from "drizzle-orm";
import { inngest } from "../client";
import { getDb } from "../../db/client";
import { brands, dunningRules } from "../../db/schema";
import { clock } from "../../lib/clock";
import { allBrandsContext, runContext } from "../../lib/auth/context";
import { brandsInRun, brandsOfRun } from "../../lib/billing/brands-in-run";
import { inScope } from "../../db/tenancy";
import { dueWork, settleLostCharges } from "../../lib/billing/run-billing";
import { generateDueInvoices, type GenerateCursor } from "../../lib/billing/generate-invoices";
import { chargeRenewals, renewDue, type RenewCursor } from "../../lib/billing/renew-due";
import { runDunning } from "../../lib/billing/run-dunning";
import { retryDeclines, RETRIES_PER_STEP } from "../../lib/billing/retry-declines";

/**
 * The event that bills one brand: its id, the run's instant (ISO), optionally a chunk size and a
 * step budget (tests), and where a run that reached its step budget goes on (`resume`).
 */
export const BILL_BRAND = "billing/brand";
export interface BillBrandData {
  brandId: string;
  now: string;
  chunkSize?: number;
  stepBudget?: number;
  resume?: BillBrandResume;
}
export interface BillBrandResume {
  pass: number;
  phase: "generate" | "renew" | "retry";
  generateAfter?: GenerateCursor;
  renewAfter?: RenewCursor;
  /** The retries of declined renewals, after this invoice id. */
  retryAfter?: string;
  /** Whether the pass renewed anything before the hand-off (then another pass follows). */
  renewed?: boolean;
}

/** A bound on generate-then-renew passes in one brand's run (a subscription catching up on missed periods). */
const MAX_PASSES = 400;
/**
 * Steps one function run takes before it hands the rest to a new run (Inngest allows 1,000 steps
 * a run and 32 MB of step state; a million-subscription brand takes over a thousand chunks).
 */
const STEP_BUDGET = 500;
/** Deferred renewal charges sent per step (gateway calls, 8 at a time: a few seconds at a real gateway's latency). */
export const CHARGES_PER_STEP = 100;

/**
 * Hourly (each brand's midnight comes at a different hour): finds the brands with due work and
 * sends one BILL_BRAND event each, all at one instant; billBrand does the work, brand by brand.
 */
export const runBilling = inngest.createFunction(
  { id: "run-billing", concurrency: { limit: 1 }, triggers: [{ cron: "5 * * * *" }, { event: "billing/run" }] },
  async ({ step }) => {
    const { now, brandIds } = await step.run("find-brands", async () => {
      const db = await getDb();
      const at = clock.now();
      const due: string[] = [];
      for (const brand of await brandsOfRun(allBrandsContext(db, at))) {
        const work = await dueWork(db, brand, at);
        const dunning = await inScope(db, brand.id, (tx) =>
          tx.select({ id: dunningRules.id }).from(dunningRules).where(eq(dunningRules.brandId, brand.id)).limit(1),
        );
        // A brand retrying declined renewals is looked at every run, as one with dunning rules.
        if (dunning.length || brand.retryDays.length || Object.values(work).some(Boolean)) due.push(brand.id);
      }
      return { now: at.toISOString(), brandIds: due };
    });
    if (brandIds.length) {
      await step.sendEvent(
        "fan-out",
        brandIds.map((brandId) => ({ name: BILL_BRAND, data: { brandId, now } satisfies BillBrandData })),
      );
    }
    return { brands: brandIds.length };
  },
);

/**
 * One brand's billing run as steps, one brand at a time (concurrency keyed by the brand): settle
 * charges whose answer was lost, then passes of generating (a step per chunk) and renewing (a step
 * per chunk, its gateway charges in steps of their own after it) until nothing is renewed, then
 * the retries of declined renewals (a step per RETRIES_PER_STEP invoices), then dunning. Each step is one of the run's idempotent parts (lib/billing/run-billing.ts), so a step
 * retried after a crash half-way bills nothing twice: a renewal step's compare-and-set renews a
 * period once, and a charge step sends only attempts still pending, each under its payment id as
 * the gateway's idempotency key. Past its step budget a run sends the brand's event again with
 * where to go on (`resume`), and that run (queued behind this one by the concurrency key) goes on.
 */
export const billBrand = inngest.createFunction(
  { id: "bill-brand", concurrency: { limit: 1, key: "event.data.brandId" }, triggers: [{ event: BILL_BRAND }] },
  async ({ event, step }) => {
    const data = event.data as BillBrandData;
    const { brandId, chunkSize, resume } = data;
    const budget = data.stepBudget ?? STEP_BUDGET;
    const now = new Date(data.now);
    const totals = { invoices: 0, renewed: 0, charged: 0, declined: 0, retried: 0, dunningActions: 0, steps: 0, continued: false };
    const { live, retries } = await step.run("settle-lost-charges", async () => {
      const db = await getDb();
      const [brand] = await db
        .select()
        .from(brands)
        .where(and(eq(brands.id, brandId), brandsInRun({ brandId })));
      // A continued run's janitors ran in its first run.
      if (brand && !resume) await settleLostCharges(db, brand, now);
      // retries: whether the brand retries declined renewals (its retry steps are taken).
      return { live: Boolean(brand), retries: Boolean(brand?.retryDays.length) };
    });
    totals.steps++;
    if (!live) return totals;
    // Hands the rest to a new run once this one's budget is spent (checked before each chunk).
    const handOff = async (at: BillBrandResume) => {
      if (totals.steps < budget) return false;
      const next: BillBrandData = { brandId, now: data.now, chunkSize, stepBudget: data.stepBudget, resume: at };
      await step.sendEvent("continue", { name: BILL_BRAND, data: next });
      totals.continued = true;
      return true;
    };
    for (let pass = resume?.pass ?? 0; resume?.phase !== "retry" && pass < MAX_PASSES; pass++) {
      const resuming = resume && pass === resume.pass ? resume : undefined;
      let after: GenerateCursor | undefined = resuming?.generateAfter;
      for (let chunk = 0; resuming?.phase !== "renew"; chunk++) {
        if (await handOff({ pass, phase: "generate", generateAfter: after })) return totals;
        const from = after;
        const r = await step.run(`generate-${pass}-${chunk}`, async () =>
          generateDueInvoices({ ctx: await runContext(await getDb(), now, brandId), input: { after: from, maxChunks: 1, chunkSize } }),
        );
        totals.steps++;
        totals.invoices += r.created;
        if (!r.next) break;
        after = r.next;
      }
      // A run resumed from an event sent before renewal walked the due index (an id) starts the walk again: it renews nothing twice.
      let cursor: RenewCursor | undefined = typeof resuming?.renewAfter === "object" ? resuming.renewAfter : undefined;
      let renewed = resuming?.renewed ? 1 : 0;
      for (let chunk = 0; ; chunk++) {
        if (await handOff({ pass, phase: "renew", renewAfter: cursor, renewed: renewed > 0 })) return totals;
        const from = cursor;
        const r = await step.run(`renew-${pass}-${chunk}`, async () =>
          renewDue({ ctx: await runContext(await getDb(), now, brandId), input: { after: from, maxChunks: 1, chunkSize, deferCharges: true } }),
        );
        totals.steps++;
        renewed += r.renewed;
        totals.renewed += r.renewed;
        totals.charged += r.charged;
        totals.declined += r.declined;
        const { paymentIds = [], later = [] } = r.charges ?? {};
        for (let part = 0; part * CHARGES_PER_STEP < Math.max(paymentIds.length, later.length ? 1 : 0); part++) {
          const charges = { paymentIds: paymentIds.slice(part * CHARGES_PER_STEP, (part + 1) * CHARGES_PER_STEP), later: part === 0 ? later : [] };
          const c = await step.run(`charge-${pass}-${chunk}-${part}`, async () => {
            const db = await getDb();
            const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
            return chargeRenewals(db, now, brand, charges);
          });
          totals.steps++;
          totals.charged += c.charged;
          totals.declined += c.declined;
        }
        if (!r.next) break;
        cursor = r.next;
      }
      if (renewed === 0) break;
    }
    // Before dunning (a retry that pays leaves nothing to dun); each step's retries are idempotent
    // (one attempt per invoice and retry number), so a step run again retries nothing twice.
    let retryAfter = resume?.phase === "retry" ? resume.retryAfter : undefined;
    for (let chunk = 0; retries; chunk++) {
      if (await handOff({ pass: MAX_PASSES, phase: "retry", retryAfter })) return totals;
      const from = retryAfter;
      const r = await step.run(`retry-${chunk}`, async () =>
        retryDeclines({ ctx: await runContext(await getDb(), now, brandId), input: { after: from, limit: chunkSize ?? RETRIES_PER_STEP } }),
      );
      totals.steps++;
      totals.retried += r.retried;
      totals.charged += r.charged;
      totals.declined += r.declined;
      if (!r.next) break;
      retryAfter = r.next;
    }
    const dunning = await step.run("dunning", async () => runDunning({ ctx: await runContext(await getDb(), now, brandId) }));
    totals.steps++;
    totals.dunningActions = dunning.actions;
    return totals;
  },
);
