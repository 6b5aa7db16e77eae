/**
 * The demo `npm start` makes, from an empty database: the demo brand takes payments at once (a
 * sandbox gateway is its default for cards and bank accounts), its demo customer pays the open
 * invoice with the sandbox's test card; the second brand, a sandbox one, has a year of business
 * rehearsed on its test clock up to now, both brands are in the demo ADMIN's brand switcher, and a
 * restart adds nothing.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { getDb, resultRows } from "../db/client";
import { brands, customerAccounts, dunningActions, invoices, notes, payGateways, payments, staffUsers, subscriptions, tickets } from "../db/schema";
import { seedForStart } from "../scripts/bootstrap";
import { staffHome } from "../lib/staff/brands";
import { SANDBOX_BRAND_NAME } from "../scripts/demo-sandbox";
import { ok } from "./support/api";
import { SANDBOX_CARDS } from "../lib/gateways/providers/sandbox";

const dir = mkdtempSync(path.join(tmpdir(), "rb-demo-"));
process.env.DEMO_CREDENTIALS_FILE = path.join(dir, "demo-credentials.json");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start() {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    return await seedForStart();
  } finally {
    log.mockRestore();
  }
}

const TABLES = { brands, customerAccounts, subscriptions, invoices, payments, payGateways, dunningActions, tickets, notes };

/** Rows per table of what the demo makes, to compare across restarts, and the sandbox brand's test clock. */
async function sizes() {
  const db = await getDb();
  const counts: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(TABLES)) counts[name] = (await db.select({ n: count() }).from(table))[0].n;
  counts.clocks = (await db.select({ at: brands.testClockAt }).from(brands)).map((b) => b.at?.getTime() ?? null);
  return counts;
}

/** How many rows of the brand's `table` match `where` (SQL over that table's columns). */
async function countIn(brandId: string, table: string, where = sql`true`) {
  const db = await getDb();
  const rows = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where brand_id = ${brandId} and ${where}`),
  );
  return rows[0].n;
}

describe("the demo", () => {
  it("from an empty database: a sandbox gateway is the demo brand's default, the demo customer pays with a test card, the sandbox brand has a rehearsed year, a restart adds nothing", async () => {
    expect((await sizes()).brands).toBe(0);
    const first = await start();
    const creds = { key: first.credentials.key!, user_key: first.credentials.user_key!, brand_id: first.credentials.brand_id };
    expect(creds.key).toMatch(/^rbk_/);
    expect(first.customer).toMatchObject({ created: true });

    const gateways = (await ok(creds, "json", "PayGateway/List", { params: {} })).pay_gateways;
    expect(gateways).toEqual([expect.objectContaining({ gateway_provider: "sandbox", default_cc: "Y", default_ba: "Y" })]);

    // The portal's Pay now path: a card on the default gateway, then the open invoice charged to it.
    const customer = first.customer as { customerAccountId: string };
    const card = (
      await ok(creds, "json", "PayMethod/Create", {
        method: "POST",
        params: {
          customer_account_id: customer.customerAccountId,
          pay_method_type: "CC",
          card_number: SANDBOX_CARDS.succeeds,
          expiration_month: "12",
          expiration_year: "2035",
        },
      })
    ).pay_method;
    const open = (await ok(creds, "json", "Invoice/List", { params: { customer_account_id: customer.customerAccountId } })).invoices.find(
      (i: { balance: string }) => Number(i.balance) > 0,
    );
    const paid = await ok(creds, "json", "Payment/Create", {
      method: "POST",
      params: {
        customer_account_id: customer.customerAccountId,
        apply_to_prepaid_balance: "N",
        override_billing: "N",
        amount: open.balance,
        invoice_id: open.invoice_id,
        pay_method_id: card.pay_method_id,
      },
    });
    expect(paid.payment).toMatchObject({ payment_status: "succeeded" });

    // The sandbox brand: a year of business on its test clock, which now reads the real time.
    expect(first.sandbox).toMatchObject({ created: true });
    const sandboxId = (first.sandbox as { brandId: string }).brandId;
    const sandbox = { ...creds, brand_id: sandboxId };
    const clock = (await ok(sandbox, "json", "TestClock/Get")).test_clock;
    expect(clock.sandbox).toBe("Y");
    expect(Math.abs(Date.parse(clock.test_clock) - Date.now())).toBeLessThan(10 * 60_000);
    const accounts = await ok(sandbox, "json", "Account/List", { params: {} });
    expect(accounts.customer_accounts.length).toBeGreaterThanOrEqual(40);
    const year = Date.now() - 366 * 86_400_000;
    const signedUp = accounts.customer_accounts.map((a: { created: string }) => Date.parse(a.created));
    expect(Math.min(...signedUp)).toBeGreaterThan(year);
    expect(Math.min(...signedUp)).toBeLessThan(year + 40 * 86_400_000);
    // Several statuses: active, suspended and cancelled by the dunning rules or by the customer.
    const db = await getDb();
    const statuses = await db.selectDistinct({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.brandId, sandboxId));
    expect(statuses.map((s) => s.status).sort()).toEqual([1, 2, 3]);
    expect(await countIn(sandboxId, "subscriptions", sql`in_trial = 'N' and status = 1`)).toBeGreaterThanOrEqual(25);
    expect(await countIn(sandboxId, "subscriptions", sql`in_trial = 'Y' and status = 1`)).toBeGreaterThanOrEqual(1);
    const owed = sql.raw(`(total_cents - coalesce((select sum(p.amount) from payments p where p.invoice_id = invoices.id and p.status = 'succeeded'), 0))`);
    expect(await countIn(sandboxId, "invoices", sql`total_cents > 0 and ${owed} = 0`)).toBeGreaterThanOrEqual(100);
    expect(await countIn(sandboxId, "invoices", sql`deleted_at is null and ${owed} > 0`)).toBeGreaterThanOrEqual(1);
    expect(await countIn(sandboxId, "payments", sql`status = 'failed'`)).toBeGreaterThanOrEqual(1);
    expect(await countIn(sandboxId, "dunning_actions")).toBeGreaterThanOrEqual(3);
    expect(await countIn(sandboxId, "tickets")).toBeGreaterThanOrEqual(5);
    expect(await countIn(sandboxId, "notes")).toBeGreaterThanOrEqual(5);
    // Usage and coupons went through renewals: usage lines and discount lines on the invoices.
    expect(await countIn(sandboxId, "invoices", sql`items::text like '%"kind": "usage"%'`)).toBeGreaterThanOrEqual(5);
    expect(await countIn(sandboxId, "invoices", sql`items::text like '%"kind": "discount"%'`)).toBeGreaterThanOrEqual(3);

    // The demo ADMIN's brand switcher offers both brands.
    const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, first.credentials.staff_email));
    const home = await staffHome({ staffUserId: admin.id });
    expect(home!.brands.map((b) => b.name)).toEqual(["Demo Brand", SANDBOX_BRAND_NAME]);

    const before = await sizes();
    const again = await start();
    expect(again.credentials).toEqual(first.credentials);
    expect(again.customer).toMatchObject({ created: false });
    expect(again.sandbox).toMatchObject({ created: false, brandId: sandboxId });
    expect(await sizes()).toEqual(before);
  }, 600_000);
});
