import { and, eq } from "drizzle-orm";
import { inngest } from "../client";
import { getDb } from "../../db/client";
import { brands, dunningRules } from "../../db/schema";
import { clock } from "../../lib/clock";
import { brandsInRun } from "../../lib/billing/brands-in-run";
import { dueWork, settleLostCharges } from "../../lib/billing/run-billing";
import { generateDueInvoices, type GenerateCursor } from "../../lib/billing/generate-invoices";
import { renewDue } from "../../lib/billing/renew-due";
import { runDunning } from "../../lib/billing/run-dunning";

/** The event that bills one brand: its id, the run's instant (ISO), and optionally a chunk size (tests). */
export const BILL_BRAND = "billing/brand";
export interface BillBrandData {
  brandId: string;
  now: string;
  chunkSize?: number;
}

/** A bound on generate-then-renew passes in one brand's run (a subscription catching up on missed periods). */
const MAX_PASSES = 400;

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
      for (const brand of await db.select().from(brands).where(brandsInRun())) {
        const work = await dueWork(db, brand, at);
        const dunning = await db.select({ id: dunningRules.id }).from(dunningRules).where(eq(dunningRules.brandId, brand.id)).limit(1);
        if (dunning.length || Object.values(work).some(Boolean)) due.push(brand.id);
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
 * per chunk) until nothing is renewed, then dunning. Each step is one of the run's idempotent parts
 * (lib/billing/run-billing.ts), so a step retried after a crash half-way bills nothing twice.
 */
export const billBrand = inngest.createFunction(
  { id: "bill-brand", concurrency: { limit: 1, key: "event.data.brandId" }, triggers: [{ event: BILL_BRAND }] },
  async ({ event, step }) => {
    const { brandId, chunkSize } = event.data as BillBrandData;
    const now = new Date((event.data as BillBrandData).now);
    const totals = { invoices: 0, renewed: 0, charged: 0, declined: 0, dunningActions: 0, steps: 0 };
    const live = await step.run("settle-lost-charges", async () => {
      const db = await getDb();
      const [brand] = await db
        .select()
        .from(brands)
        .where(and(eq(brands.id, brandId), brandsInRun({ brandId })));
      if (brand) await settleLostCharges(db, brand, now);
      return Boolean(brand);
    });
    totals.steps++;
    if (!live) return totals;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let after: GenerateCursor | undefined;
      for (let chunk = 0; ; chunk++) {
        const from = after;
        const r = await step.run(`generate-${pass}-${chunk}`, async () =>
          generateDueInvoices({ db: await getDb(), now, brandId, after: from, maxChunks: 1, chunkSize }),
        );
        totals.steps++;
        totals.invoices += r.created;
        if (!r.next) break;
        after = r.next;
      }
      let cursor: string | undefined;
      let renewed = 0;
      for (let chunk = 0; ; chunk++) {
        const from = cursor;
        const r = await step.run(`renew-${pass}-${chunk}`, async () => renewDue({ db: await getDb(), now, brandId, after: from, maxChunks: 1, chunkSize }));
        totals.steps++;
        renewed += r.renewed;
        totals.renewed += r.renewed;
        totals.charged += r.charged;
        totals.declined += r.declined;
        if (!r.next) break;
        cursor = r.next;
      }
      if (renewed === 0) break;
    }
    const dunning = await step.run("dunning", async () => runDunning({ db: await getDb(), now, brandId }));
    totals.steps++;
    totals.dunningActions = dunning.actions;
    return totals;
  },
);
