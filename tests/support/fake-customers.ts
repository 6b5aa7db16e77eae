import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { getDb } from "../../db/client";
import { customerAccounts, customerUsers, outboxEvents } from "../../db/schema";
import { call, ok, type Creds, type Tenant } from "./api";

/** Helpers shared by the account and user tests: made-up customers, the rows behind them, the outbox. */

export const FORMATS = ["json", "xml"] as const;

export const uniqueEmail = (prefix = "c") => `${prefix}-${randomBytes(5).toString("hex")}@example.com`;

export const accountFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  first_name: "Jane",
  last_name: "Doe",
  email_address: uniqueEmail("jane"),
  country: "US",
  locale: "en-US",
  timezone_id: "America/New_York",
  ...overrides,
});

/** Account/Create through the API (json); answers the body's account and user namespaces. */
export async function newCustomer(t: Creds, overrides: Record<string, string> = {}) {
  const body = await ok(t, "json", "Account/Create", { method: "POST", params: accountFields(overrides) });
  return { account: body.customer_account, user: body.user as { user_id: string; username: string } };
}

export const errorOf = (format: string, body: any) =>
  format === "json"
    ? { code: body.exception.code, parameter: body.exception.parameter, message: body.exception.message }
    : { code: body.exception["@_code"], parameter: body.exception["@_parameter"], message: body.exception["#text"] };

/** Calls and expects a refusal; answers the status and the error. */
export async function refused(t: Creds, format: string, path: string, method: string, params: Record<string, string>) {
  const r = await call(format, path, { method, params, creds: t });
  if (r.status === 200) throw new Error(`${path} unexpectedly succeeded: ${r.text}`);
  return { status: r.status, text: r.text, ...errorOf(format, r.body) };
}

export async function accountRow(id: string) {
  const db = await getDb();
  return (await db.select().from(customerAccounts).where(eq(customerAccounts.id, id)))[0];
}

export async function userRow(id: string) {
  const db = await getDb();
  return (await db.select().from(customerUsers).where(eq(customerUsers.id, id)))[0];
}

/** Payloads of the brand's outbox events of one type, oldest first. */
export async function outbox(t: Tenant | Creds, type: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.brandId, t.brand_id), eq(outboxEvents.type, type)))
    .orderBy(outboxEvents.createdAt, outboxEvents.id);
  return rows.map((r) => r.payload as Record<string, any>);
}

/** These suites make many calls with one key; the limiter has its own tests. */

/** Sets environment variables for the rest of the file (adapters read them on each use). */
export function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
}

export { makeTenant } from "./api";
export type { Tenant };
