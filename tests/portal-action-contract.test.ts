import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, resultRows } from "../db/client";
import { contextFromCustomerSession, type Context } from "../lib/auth/context";
import { SESSION_PARAMS } from "../lib/actions/define-action";
import { portalActions, type PortalActionName } from "../lib/portal/actions";
import { PARAM_META } from "../lib/wire/params";
import type { z } from "zod";
import { makeTenant, ok, type Tenant } from "./support/api";
import { PRODUCT_PARAMS } from "./support/catalog";
import { created, fixtures } from "./support/fixtures";
import { makeCard, makeGateway, makeInvoice } from "./support/payments";

// Every portal action (lib/portal/actions.ts), walked as a signed-in customer with ids of another
// customer of the same brand and of another brand: each is NOT_FOUND and nothing in the database
// changes. The browser's customer_account_id is never used.

/** Valid values for each action's own (non-id) parameters; a new action without a row here fails. */
const VALID: Record<PortalActionName, Record<string, string>> = {
  openTicket: { subject: "Contract check", message: "Hello from the contract test", department: "Billing" },
  replyToTicket: { message: "A reply from the contract test" },
  updateProfile: { first_name: "Contracted", phone_number_country_code: "1", phone_number: "555-010-0100" },
  changePassword: { current_password: "Contract-pass-123", password: "Contract-pass-456" },
  setTwoStep: { verified: "Y" },
  addUser: { first_name: "Added", last_name: "User", email_address: "added@example.com", locale: "en-US", timezone_id: "America/New_York" },
  editUser: { first_name: "Edited" },
  removeUser: {},
  payInvoice: { amount: "10.00" },
  addPayMethod: { pay_method_type: "CC", card_number: "4242 4242 4242 4242", expiration_month: "12", expiration_year: "2035", cvv: "123" },
  verifyPayMethod: { amount_1: "0.32", amount_2: "0.45" },
  setDefaultPayMethod: {},
  removePayMethod: {},
  changePlan: {},
  estimateChangePlan: {},
  estimateUpdate: { auto_pay: "N", attached_components: "[]" },
  updateSubscription: { auto_pay: "N", attached_components: "[]" },
  updateAutoPay: { auto_pay: "Y" },
  cancelSubscription: {},
};

/** Catalog records are the brand's, not a customer's: only another brand's are refused. */
const BRAND_WIDE = new Set(["Product", "Component", "Coupon"]);

/** Own records an action needs in a particular state for its successful run (the others use the customer's usual ones). */
const OWN: Partial<Record<PortalActionName, (t: Tenant, me: Customer) => Promise<Record<string, string>>>> = {
  verifyPayMethod: async (t, me) => ({
    pay_method_id: await created(
      t,
      "PayMethod/Create",
      {
        customer_account_id: me.accountId,
        pay_method_type: "BA",
        routing_number: "011000015",
        account_number: "000123456789",
        holder_name: "Contract Customer",
      },
      "pay_method",
      "pay_method_id",
    ),
  }),
  removePayMethod: async (t, me) => ({ pay_method_id: await makeCard(t, me.accountId) }),
};

interface Customer {
  accountId: string;
  userId: string;
  /** One record per resource an id parameter can refer to, on this customer's account. */
  records: Record<string, string>;
}

async function makeCustomer(t: Tenant): Promise<Customer> {
  const body = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Contract",
      last_name: "Customer",
      email_address: `pc-${Math.random().toString(36).slice(2, 12)}@example.com`,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      password: "Contract-pass-123",
    },
  });
  const accountId = body.customer_account.customer_account_id as string;
  // A second user of the account: the one the user-managing actions edit and remove.
  const colleague = await created(
    t,
    "User/Create",
    {
      customer_account_id: accountId,
      first_name: "Col",
      last_name: "League",
      email_address: "colleague@example.com",
      access_level: "USER",
      locale: "en-US",
      timezone_id: "America/New_York",
      send_new_user_email: "N",
    },
    "user",
    "user_id",
  );
  await makeGateway(t);
  // A subscription to one plan of a group, and another plan of that group to change to.
  const groupId = await fixtures.ProductGroup(t);
  const plan = (name: string) => created(t, "Product/Create", { ...PRODUCT_PARAMS, product_group_id: groupId, name }, "product", "product_id");
  const productId = await plan("Basic");
  const subscriptionId = await created(
    t,
    "Subscription/Create",
    { customer_account_id: accountId, product_id: await plan("Current"), override_initial_billing: "Y", auto_pay: "N" },
    "subscription",
    "subscription_id",
  );
  const invoiceId = await makeInvoice(t, accountId, "10.00");
  const payMethodId = await makeCard(t, accountId);
  const ticketId = await created(
    t,
    "Ticket/Create",
    { type: "NEW", subject: "Theirs", message: "A ticket of this customer", direction: "EXTERNAL", customer_account_id: accountId },
    "ticket",
    "ticket_id",
  );
  return {
    accountId,
    userId: body.user.user_id,
    records: {
      Subscription: subscriptionId,
      Ticket: ticketId,
      Account: accountId,
      User: colleague,
      Invoice: invoiceId,
      PayMethod: payMethodId,
      Product: productId,
    },
  };
}

/** A checksum of every table's rows: any write shows. */
async function checksum() {
  const db = await getDb();
  const tables = resultRows<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.table_name);
  const parts: string[] = [];
  for (const table of tables) {
    const [row] = resultRows<{ sum: string | null }>(
      await db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${table}" t`)),
    );
    parts.push(`${table}:${row.sum}`);
  }
  return parts.join("\n");
}

const idParams = (schema: z.ZodObject, accepts: string[]) =>
  accepts.flatMap((p) => {
    const refersTo = PARAM_META.get(schema.shape[p] as z.ZodType)?.refersTo;
    return refersTo ? [{ param: p, refersTo }] : [];
  });

describe("portal actions: another customer's and another brand's ids", () => {
  it("every action answers NOT_FOUND and changes nothing; the session's account is used whatever the browser sends", async () => {
    const brandA = await makeTenant();
    const brandB = await makeTenant();
    const me = await makeCustomer(brandA);
    const neighbour = await makeCustomer(brandA);
    const stranger = await makeCustomer(brandB);
    const db = await getDb();
    const ctx: Context = await contextFromCustomerSession(db, { brandId: brandA.brand_id, customerAccountId: me.accountId, userId: me.userId });

    const names = Object.keys(portalActions) as PortalActionName[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const action = portalActions[name];
      expect(VALID[name], `VALID has no values for ${name}`).toBeDefined();
      for (const p of Object.keys(SESSION_PARAMS)) expect(action.accepts).not.toContain(p);
      const ids = idParams(action.schema, action.accepts);
      for (const { refersTo } of ids) expect(me.records[refersTo], `no fixture for ${refersTo} (${name})`).toBeDefined();
      const own = Object.fromEntries(ids.map(({ param, refersTo }) => [param, me.records[refersTo]]));
      for (const [whose, other] of [
        ["another customer of the brand", neighbour],
        ["another brand", stranger],
      ] as const) {
        for (const { param, refersTo } of ids) {
          if (whose === "another customer of the brand" && BRAND_WIDE.has(refersTo)) continue;
          const before = await checksum();
          const input = { ...VALID[name], ...own, [param]: other.records[refersTo], customer_account_id: other.accountId };
          const answer = await action.run(ctx, input);
          expect(answer, `${name} with ${whose}'s ${param}`).toMatchObject({ ok: false, error: { code: "NOT_FOUND", parameter: param } });
          expect(await checksum(), `${name} with ${whose}'s ${param} changed the database`).toBe(before);
        }
      }
      // With the customer's own ids it works, on the session's account even when the browser names another.
      const mine = { ...own, ...(await OWN[name]?.(brandA, me)) };
      const answer = await action.run(ctx, { ...VALID[name], ...mine, customer_account_id: neighbour.accountId, customer_user_id: neighbour.userId });
      expect(answer, `${name} with the customer's own ids`).toMatchObject({ ok: true });
      const result = (answer as { ok: true; data: unknown }).data;
      // A server action sends plain objects only: a class instance (WithExtras) never reaches the page.
      expect(Object.getPrototypeOf(result), `${name} answers a plain object`).toBe(Object.prototype);
      const data = result as { customer_account_id?: string; customerAccountId?: string; messages?: { customer_user_id: string }[] };
      // The wire names the account customer_account_id, a read row (an estimate's) customerAccountId.
      expect(data.customer_account_id ?? data.customerAccountId, name).toBe(me.accountId);
      if (data.messages) expect(data.messages.at(-1)!.customer_user_id).toBe(me.userId);
    }
  }, 60_000);

  it("a context that is not a customer's is refused", async () => {
    const t = await makeTenant();
    const db = await getDb();
    const { systemContext } = await import("../lib/auth/context");
    const { brands } = await import("../db/schema");
    const { eq } = await import("drizzle-orm");
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const answer = await portalActions.openTicket.run(systemContext(db, brand), VALID.openTicket);
    expect(answer).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
  });
});
