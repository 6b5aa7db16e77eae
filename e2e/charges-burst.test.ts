/**
 * Many card charges at once against the built server, far more than its connection pool: every one
 * completes, each invoice is charged exactly once, and the server keeps answering meanwhile. And as
 * many Invoice/Create at once take consecutive numbers (issue 31), none twice, none skipped. A charge
 * holds no transaction while the gateway is called (runVerb's steps) and never needs a second pooled
 * connection, so a burst can no longer leave every connection waiting for another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { startApp, type RunningApp } from "./support/server";
import { makeTenant, type Tenant } from "../tests/support/api";
import { items, makeAccount, makeCard, makeGateway, makeInvoice } from "../tests/support/payments";
import { getDb, resultRows } from "../db/client";

const CHARGES = 50;
const POOL = 3;

let app: RunningApp;
let t: Tenant;
beforeAll(async () => {
  // The built server runs in production mode, which refuses the development key; the test's own
  // setup (in this process) seals the gateway's credentials with the same key.
  process.env.GATEWAY_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  app = await startApp({ DATABASE_POOL_SIZE: String(POOL) });
  t = await makeTenant();
  await makeGateway(t);
});
afterAll(() => app?.stop());

describe(`${CHARGES} card charges at once on a pool of ${POOL} connections`, () => {
  it("all complete, each invoice is paid once, and /api/health answers during the burst", { timeout: 120_000 }, async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoices = await Promise.all(Array.from({ length: CHARGES }, () => makeInvoice(t, account, "10.00")));
    const headers = { "X-Api-Key": t.key, "X-User-Key": t.user_key, "X-Brand-Id": t.brand_id, "content-type": "application/x-www-form-urlencoded" };
    const charge = (invoiceId: string) =>
      fetch(`${app.baseUrl}/api/json/Payment/Create`, {
        method: "POST",
        headers,
        body: new URLSearchParams({
          customer_account_id: account,
          invoice_id: invoiceId,
          amount: "10.00",
          pay_method_id: card,
          apply_to_prepaid_balance: "N",
          override_billing: "N",
        }),
        signal: AbortSignal.timeout(60_000),
      }).then(async (r) => ({ status: r.status, text: await r.text() }));

    const burst = Promise.all(invoices.map(charge));
    const health = await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) });
    const answers = await burst;

    expect(health.status).toBe(200);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const db = await getDb();
    const paid = resultRows<{ invoice_id: string; n: number }>(
      await db.execute(sql`select invoice_id, count(*)::int as n from payments where brand_id = ${t.brand_id} and status = 'succeeded' group by invoice_id`),
    );
    expect(paid).toHaveLength(CHARGES);
    expect(paid.every((p) => p.n === 1)).toBe(true);
  });
});

describe(`${CHARGES} Invoice/Create at once on a pool of ${POOL} connections`, () => {
  it("give consecutive numbers, each once, in a brand that has invoices already", { timeout: 120_000 }, async () => {
    const brand = await makeTenant();
    const account = await makeAccount(brand);
    await makeInvoice(brand, account, "1.00");
    const headers = { "X-Api-Key": brand.key, "X-User-Key": brand.user_key, "X-Brand-Id": brand.brand_id, "content-type": "application/x-www-form-urlencoded" };
    const create = () =>
      fetch(`${app.baseUrl}/api/json/Invoice/Create`, {
        method: "POST",
        headers,
        body: new URLSearchParams({ customer_account_id: account, due_date: "12/31/2030", attached_items: items("2.00") }),
        signal: AbortSignal.timeout(60_000),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { invoice?: { number: string } } }));

    const answers = await Promise.all(Array.from({ length: CHARGES }, create));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const sequences = answers.map((a) => Number(a.body.invoice!.number.split("-").at(-1))).sort((x, y) => x - y);
    // The first invoice took 1: the burst took 2..51, whatever order the requests ran in.
    expect(sequences).toEqual(Array.from({ length: CHARGES }, (_, i) => i + 2));
    const prefix = answers[0].body.invoice!.number.split("-")[0];
    expect(answers.every((a) => a.body.invoice!.number.startsWith(`${prefix}-`))).toBe(true);
  });
});
