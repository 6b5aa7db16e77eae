/**
 * The demo `npm start` makes, from an empty database: the demo brand takes payments at once (a
 * sandbox gateway is its default for cards and bank accounts), its demo customer pays the open
 * invoice with the sandbox's test card, and a restart adds nothing.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, customerAccounts, invoices, payGateways, subscriptions } from "../db/schema";
import { seedForStart } from "../scripts/bootstrap";
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

/** Rows per table of what the demo makes, to compare across restarts. */
async function sizes() {
  const db = await getDb();
  const n = async (table: typeof brands | typeof customerAccounts | typeof invoices | typeof payGateways | typeof subscriptions) =>
    (await db.select({ n: count() }).from(table))[0].n;
  return {
    brands: await n(brands),
    accounts: await n(customerAccounts),
    subscriptions: await n(subscriptions),
    invoices: await n(invoices),
    gateways: await n(payGateways),
  };
}

describe("the demo", () => {
  it("from an empty database: a sandbox gateway is the demo brand's default, the demo customer pays with a test card, a restart adds nothing", async () => {
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

    const before = await sizes();
    const again = await start();
    expect(again.credentials).toEqual(first.credentials);
    expect(again.customer).toMatchObject({ created: false });
    expect(await sizes()).toEqual(before);
  }, 120_000);
});
