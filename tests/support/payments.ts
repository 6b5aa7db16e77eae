/** Shared set-up for the invoice, payment, gateway and pay method tests. */
import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { errorOf, ok, type ApiAnswer, type Tenant } from "./api";
import { fixtures } from "./fixtures";

export const FORMATS = ["json", "xml"] as const;

export const CARDS = { ok: "4242424242424242", declines: "4000000000000002", timesOut: "4000000000000119" } as const;

export const errorCode = (r: ApiAnswer) => errorOf(r).code;
export const errorParam = (r: ApiAnswer) => errorOf(r).parameter;

/** Asserts a refusal: HTTP status, error code and, when given, the parameter at fault. */
export function expectRefusal(r: ApiAnswer, status: number, code: string, parameter?: string) {
  expect(r.status, r.text).toBe(status);
  expect(errorCode(r)).toBe(code);
  if (parameter) expect(errorParam(r)).toBe(parameter);
}

export const makeAccount = (t: Tenant) => fixtures.Account(t);

/** A new account with a card, subscribed to `productId` on that card with auto pay, charged up front. */
export async function subscribeOnCard(t: Tenant, productId: string) {
  const account = await makeAccount(t);
  const card = await makeCard(t, account);
  const sub = (
    await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: productId, pay_method_id: card, override_initial_billing: "N", auto_pay: "Y" },
    })
  ).subscription;
  return { account, card, sub };
}

/** A sandbox gateway, by default the brand's default for cards and bank accounts. */
export async function makeGateway(t: Tenant, params: Record<string, string> = {}) {
  const body = await ok(t, "json", "PayGateway/Create", {
    method: "POST",
    params: { name: "Sandbox", gateway_provider: "sandbox", credentials_1: "sandbox-secret-key-0001", default_cc: "Y", default_ba: "Y", ...params },
  });
  return body.pay_gateway.gateway_id as string;
}

export async function makeCard(t: Tenant, accountId: string, number: string = CARDS.ok, params: Record<string, string> = {}) {
  const body = await ok(t, "json", "PayMethod/Create", {
    method: "POST",
    params: { customer_account_id: accountId, pay_method_type: "CC", card_number: number, expiration_month: "12", expiration_year: "2035", ...params },
  });
  return body.pay_method.pay_method_id as string;
}

/** attached_items JSON for items priced as given. */
export const items = (...prices: string[]) => JSON.stringify(prices.map((p, i) => ({ item_name: `Item ${i + 1}`, item_price: p, tax_exempt: "N" })));

export async function makeInvoice(t: Tenant, accountId: string, ...prices: string[]) {
  const body = await ok(t, "json", "Invoice/Create", {
    method: "POST",
    params: { customer_account_id: accountId, due_date: "12/31/2030", attached_items: items(...prices) },
  });
  return body.invoice.invoice_id as string;
}

export async function getInvoice(t: Tenant, invoiceId: string) {
  return (await ok(t, "json", "Invoice/List", { params: { invoice_id: invoiceId } })).invoices[0];
}

/** Outbox events of one type for the tenant's brand, oldest first. */
export async function outboxEvents(t: Tenant, type: string) {
  const db = await getDb();
  return (await db.execute(sql`select payload from outbox_events where brand_id = ${t.brand_id} and type = ${type} order by created_at, id`)) as unknown as {
    payload: any;
  }[];
}

/** Every table of the database as text, for "this value is stored nowhere" checks. */
export async function dumpDatabase(): Promise<string> {
  const db = await getDb();
  const tables = (await db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
  )) as unknown as { table_schema: string; table_name: string }[];
  let out = "";
  for (const { table_schema, table_name } of tables) {
    const rows = (await db.execute(sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`))) as unknown as { row: string }[];
    out += rows.map((r) => r.row).join("\n") + "\n";
  }
  return out;
}
