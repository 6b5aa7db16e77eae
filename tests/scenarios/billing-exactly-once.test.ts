/**
 * Every period billed exactly once (issue 13): each defect an adversarial user found, as a scenario
 * through the API with the clock moved and the billing run executed, checked to the cent and with
 * the ledger checker where it applies.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { brands, creditNotes } from "../../db/schema";
import { call, makeTenant, ok, type Tenant } from "../support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct, PRODUCT_PARAMS } from "../support/catalog";
import { CARDS, expectRefusal, makeAccount, makeCard, makeGateway, outboxEvents } from "../support/payments";
import { ManualClock, systemClock, useClock } from "../../lib/clock";
import { systemContext, allBrandsContext, runContext } from "../../lib/auth/context";
import { runBilling } from "../../lib/billing/run-billing";
import { checkLedger } from "../../lib/billing/check-ledger";
import { renewDue } from "../../lib/billing/renew-due";
import { generateDueInvoices } from "../../lib/billing/generate-invoices";
import { updateSubscription } from "../../lib/subscriptions/update-subscription";
import { sandboxCharges, sandboxProvider } from "../../lib/gateways/providers/sandbox";
import { GatewayUnknownOutcome } from "../../lib/gateways/providers/types";
import { newId } from "../../lib/ids";
import { deliverAllDue } from "../../lib/outbox/deliver";
import { sinkFor } from "../../lib/jobs/sinks";
import { withoutSteps } from "../../lib/run-verb";

const clock = new ManualClock("2026-03-01T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const db = () => getDb();
/** A billing run over every brand, or one (a jump of months bills every earlier test's brand too: slow on a busy machine). */
const bill = async (brandId?: string) => runBilling({ ctx: await runContext(await db(), clock.now(), brandId) });
const deliver = async () => deliverAllDue({ ctx: allBrandsContext(await db(), clock), input: { sinkFor } });

/** A subscription on a fresh brand: sandbox gateway, a card, a 10-day product at 20.00 by default. */
async function setUp(opts: { product?: Record<string, string>; sub?: Record<string, string>; components?: Record<string, string>[] } = {}) {
  clock.set("2026-03-01T10:00:00Z");
  const t = await makeTenant();
  const gatewayId = await makeGateway(t);
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "10", ...opts.product });
  const components = [];
  for (const c of opts.components ?? []) components.push(await makeComponent(t, group.product_group_id, c));
  const account = await makeAccount(t);
  const card = await makeCard(t, account);
  const sub = (
    await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: {
        customer_account_id: account,
        product_id: product.product_id,
        pay_method_id: card,
        override_initial_billing: "N",
        auto_pay: "Y",
        attached_components: JSON.stringify(
          components.map((c) => ({
            component_id: c.component_id,
            units: c.component_type === "quantitative" ? "1" : c.component_type === "metered" ? "0" : "1",
          })),
        ),
        ...opts.sub,
      },
    })
  ).subscription;
  return { t, gatewayId, group, product, components, account, card, sub, id: sub.subscription_id as string };
}

/** Records a payment taken elsewhere (override_billing Y) on an invoice. */
const payRecorded = (s: { t: Tenant; account: string }, invoiceId: string, amount: string) =>
  ok(s.t, "json", "Payment/Create", {
    method: "POST",
    params: { customer_account_id: s.account, invoice_id: invoiceId, apply_to_prepaid_balance: "N", override_billing: "Y", amount },
  });

const invoicesOf = async (t: Tenant, subscriptionId: string) =>
  ((await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as any[]).sort(
    (a, b) => a.created.localeCompare(b.created) || a.invoice_id.localeCompare(b.invoice_id),
  );
const creditNotesOf = async (invoiceId: string) =>
  (await (await db()).select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(creditNotes.number)).map((n) => ({
    reason: n.reason,
    destination: n.destination,
    amount: n.amount,
  }));
const liveInvoicesOf = async (t: Tenant, id: string) => (await invoicesOf(t, id)).filter((i) => i.status !== "3");
const subscriptionOf = async (t: Tenant, id: string) => (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
const accountOf = async (t: Tenant, id: string) => (await ok(t, "json", "Account/List", { params: { customer_account_id: id } })).customer_accounts[0];
const chargedCents = (gatewayId: string) =>
  sandboxCharges(gatewayId)
    .filter((c) => c.result.status === "succeeded")
    .map((c) => c.amount);
const brandOf = async (t: Tenant) => (await (await db()).select().from(brands).where(eq(brands.id, t.brand_id)))[0];
const periodsOf = async (id: string) =>
  (await (
    await db()
  ).execute(
    sql`select period_start::text, period_end::text, invoice_id from subscription_periods where subscription_id = ${id} order by period_start`,
  )) as unknown as {
    period_start: string;
    period_end: string | null;
    invoice_id: string;
  }[];

describe("1. overlapping runs never renew a period without its invoice", () => {
  it("a renewal run with nothing generated makes each period's invoice before advancing", async () => {
    const s = await setUp();
    clock.set("2026-04-05T10:00:00Z"); // three renewals behind: 3/11, 3/21, 3/31
    const database = await db();
    // Renewal alone (another runner's generation not come yet), twice at once: no period unbilled.
    for (let pass = 0; pass < 4; pass++)
      await Promise.all([renewDue({ ctx: allBrandsContext(database, clock.now()) }), renewDue({ ctx: allBrandsContext(database, clock.now()) })]);
    const periods = await periodsOf(s.id);
    expect(periods.map((p) => p.period_start)).toEqual(["2026-03-01", "2026-03-11", "2026-03-21", "2026-03-31"]);
    const invoices = await liveInvoicesOf(s.t, s.id);
    expect(invoices.map((i) => i.billing_period_start)).toEqual(["3/1/2026", "3/11/2026", "3/21/2026", "3/31/2026"]);
    expect(new Set(periods.map((p) => p.invoice_id))).toEqual(new Set(invoices.map((i) => i.invoice_id)));
    expect(chargedCents(s.gatewayId)).toEqual([2000, 2000, 2000, 2000]);
  });

  it("two and three full runs at once bill each missed period once", async () => {
    for (const runners of [2, 3]) {
      const s = await setUp();
      clock.set("2026-04-05T10:00:00Z");
      await Promise.all(Array.from({ length: runners }, () => bill()));
      const invoices = await liveInvoicesOf(s.t, s.id);
      expect(invoices.map((i) => i.billing_period_start)).toEqual(["3/1/2026", "3/11/2026", "3/21/2026", "3/31/2026"]);
      expect(invoices.every((i) => i.status === "1")).toBe(true);
      expect(chargedCents(s.gatewayId)).toEqual([2000, 2000, 2000, 2000]);
      expect((await subscriptionOf(s.t, s.id)).renewal_date).toBe("4/10/2026");
    }
  });
});

describe("2. a suspended product group is not back-billed", () => {
  it("restored after three periods, billing resumes from today with one invoice and one charge", async () => {
    const s = await setUp();
    clock.set("2026-03-02T10:00:00Z");
    await ok(s.t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: s.group.product_group_id } });
    clock.set("2026-04-05T10:00:00Z");
    await bill();
    await ok(s.t, "json", "ProductGroup/Restore", { method: "PATCH", params: { product_group_id: s.group.product_group_id } });
    await bill();
    const invoices = await liveInvoicesOf(s.t, s.id);
    expect(invoices.map((i) => [i.billing_period_start, i.total, i.status])).toEqual([
      ["3/1/2026", "20.00", "1"],
      ["4/5/2026", "20.00", "1"],
    ]);
    expect(chargedCents(s.gatewayId)).toEqual([2000, 2000]);
    expect((await subscriptionOf(s.t, s.id)).renewal_date).toBe("4/15/2026");
  });

  it("the invoice generated ahead is voided when the group is suspended, never charged", async () => {
    const s = await setUp();
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    expect(await liveInvoicesOf(s.t, s.id)).toHaveLength(2);
    await ok(s.t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: s.group.product_group_id } });
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.billing_period_start)).toEqual(["3/1/2026"]);
    clock.set("2026-03-12T10:00:00Z");
    await bill();
    expect(chargedCents(s.gatewayId)).toEqual([2000]);
  });
});

describe("3. a deleted customer account is never billed again", () => {
  for (const format of ["json", "xml"] as const) {
    it(`${format}: Account/Delete ends its subscriptions, says so, and billing leaves them alone`, async () => {
      const s = await setUp();
      clock.set("2026-03-09T10:00:00Z");
      await bill(); // the renewal's invoice generated ahead
      const r = await ok(s.t, format, "Account/Delete", { method: "DELETE", params: { customer_account_id: s.account } });
      const listedIds = r.customer_account.ended_subscription_ids;
      const ended = format === "json" ? listedIds : Object.values(listedIds).flat();
      expect(ended).toEqual([s.id]);
      expect((await subscriptionOf(s.t, s.id)).status).toBe("3");
      const deleted = (await outboxEvents(s.t, "Subscription/Delete")).map((e) => e.payload.subscription.subscription_id);
      expect(deleted).toEqual([s.id]);
      expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.billing_period_start)).toEqual(["3/1/2026"]);
      clock.set("2026-05-01T10:00:00Z");
      await bill();
      expect(await liveInvoicesOf(s.t, s.id)).toHaveLength(1);
      expect(chargedCents(s.gatewayId)).toEqual([2000]);
    });
  }
});

describe("4. an invoice follows its renewal: moved, voided or credited, never billed twice", () => {
  it("suspend then restore inside the 72-hour window: one invoice for the renewal, none left to dun", async () => {
    const s = await setUp();
    clock.set("2026-03-09T10:00:00Z");
    await bill(); // 3/11 generated
    await ok(s.t, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: s.id } });
    clock.set("2026-03-12T10:00:00Z");
    await ok(s.t, "json", "Subscription/Restore", { method: "PATCH", params: { subscription_id: s.id } });
    await bill();
    await bill();
    const live = await liveInvoicesOf(s.t, s.id);
    expect(live.map((i) => [i.billing_period_start, i.status])).toEqual([
      ["3/1/2026", "1"],
      ["3/12/2026", "1"],
    ]);
    expect(chargedCents(s.gatewayId)).toEqual([2000, 2000]);
  });

  it("a renewal date moved after its invoice was paid takes the invoice (and the payment) with it", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    await payRecorded(s, upcoming.invoice_id, "20.00");
    await ok(s.t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, auto_pay: "N", renewal_date: "3/20/2026" },
    });
    clock.set("2026-03-20T10:00:00Z");
    await bill();
    const live = await liveInvoicesOf(s.t, s.id);
    expect(live.map((i) => [i.invoice_id, i.billing_period_start, i.status])).toEqual([
      [live[0].invoice_id, "3/1/2026", "1"],
      [upcoming.invoice_id, "3/20/2026", "1"],
    ]);
    expect((await periodsOf(s.id)).map((p) => [p.period_start, p.invoice_id])).toEqual([
      ["2026-03-01", live[0].invoice_id],
      ["2026-03-20", upcoming.invoice_id],
    ]);
  });

  it("a deleted subscription's paid invoice for a period that never starts is voided and its payment credited", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    await payRecorded(s, upcoming.invoice_id, "7.50");
    await ok(s.t, "json", "Subscription/Delete", { method: "DELETE", params: { subscription_id: s.id } });
    expect((await invoicesOf(s.t, s.id)).find((i) => i.invoice_id === upcoming.invoice_id).status).toBe("3");
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("7.50");
  });
});

describe("5. a partial payment does not freeze the price, nor change the invoice (issue 31)", () => {
  it("an upgrade after 0.01 was paid is a new invoice; a downgrade below what was paid is a credit note", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    const gold = await makeProduct(s.t, s.group.product_group_id, { setup_fee: "0.00", recurring_price: "30.00", expiration_interval: "10" });
    const bronze = await makeProduct(s.t, s.group.product_group_id, { setup_fee: "0.00", recurring_price: "10.00", expiration_interval: "10" });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    const pay = (amount: string) => payRecorded(s, upcoming.invoice_id, amount);
    await pay("0.01");
    const change = (productId: string) =>
      ok(s.t, "json", "Subscription/ChangeProduct", {
        method: "POST",
        params: { subscription_id: s.id, customer_account_id: s.account, product_id: productId },
      });
    await change(gold.product_id);
    // Paid on, the invoice is final: the rise is an invoice of its own, due with it.
    let [, main, rise] = await liveInvoicesOf(s.t, s.id);
    expect(main).toMatchObject({ invoice_id: upcoming.invoice_id, total: "20.00", amount_paid: "0.01", balance: "19.99" });
    expect(main.items).toEqual(upcoming.items);
    expect(rise).toMatchObject({ total: "10.00", amount_paid: "0.00", due_date: upcoming.due_date });
    await pay("14.99");
    await change(bronze.product_id);
    // 15.00 paid for a 10.00 period: the unpaid rise is withdrawn, a credit note takes 10.00 off the
    // invoice and the 5.00 paid above its new price goes to the prepaid balance.
    [, main, rise] = await liveInvoicesOf(s.t, s.id);
    expect(rise).toBeUndefined();
    expect(main).toMatchObject({ total: "20.00", amount_paid: "15.00", balance: "0.00", status: "1" });
    expect(main.items).toEqual(upcoming.items);
    expect(await creditNotesOf(upcoming.invoice_id)).toEqual([{ reason: "repriced", destination: "prepaid_balance", amount: 1000 }]);
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("5.00");
    // Back up to gold: 20.00 more is owed, on a new invoice; the balance pays it first at the renewal.
    await change(gold.product_id);
    [, main, rise] = await liveInvoicesOf(s.t, s.id);
    expect(main).toMatchObject({ total: "20.00", amount_paid: "15.00", balance: "0.00" });
    expect(rise).toMatchObject({ total: "20.00", amount_paid: "0.00" });
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("5.00");
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, s.id)).find((i) => i.invoice_id === rise.invoice_id)).toMatchObject({ amount_paid: "5.00", balance: "15.00" });
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("0.00");
  });

  it("an unpaid invoice is still priced again in place", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    const gold = await makeProduct(s.t, s.group.product_group_id, { setup_fee: "0.00", recurring_price: "30.00", expiration_interval: "10" });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    await ok(s.t, "json", "Subscription/ChangeProduct", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, product_id: gold.product_id },
    });
    const live = await liveInvoicesOf(s.t, s.id);
    expect(live.map((i) => i.total)).toEqual(["20.00", "30.00"]);
  });
});

describe("6. a change racing invoice generation is never billed at the stale price", () => {
  it("generation waits for the change, skips the stale price, and prices the changed subscription again in the same run", async () => {
    const s = await setUp({ components: [{ component_type: "quantitative", unit_price: "1.00", starting_quantity: "0", maximum_units: "100" }] });
    clock.set("2026-03-09T10:00:00Z");
    const database: Db = await db();
    const brand = await brandOf(s.t);
    let release!: () => void;
    let changed!: () => void;
    const changeDone = new Promise<void>((resolve) => (changed = resolve));
    // The change is made and held open, uncommitted, while generation runs.
    const change = database.transaction(async (tx) => {
      await updateSubscription.stepped({
        ctx: withoutSteps(systemContext(tx as unknown as Db, brand, clock.now())),
        input: {
          subscription_id: s.id,
          customer_account_id: s.account,
          auto_pay: "Y",
          attached_components: [{ component_id: s.components[0].component_id, units: 50 }],
        } as never,
      });
      changed();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await changeDone;
    const generation = generateDueInvoices({ ctx: allBrandsContext(database, clock.now()), input: { subscriptionIds: [s.id] } });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await change;
    // The run itself prices the changed subscription again once the change has committed: its
    // invoice does not wait for the change's billing/generate event or the next run.
    expect((await generation).created).toBe(1);
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.total)).toEqual(["21.00", "70.00"]);
    await deliver(); // the change's billing/generate event finds the invoice there
    const live = await liveInvoicesOf(s.t, s.id);
    expect(live.map((i) => [i.billing_period_start, i.total])).toEqual([
      ["3/1/2026", "21.00"],
      ["3/11/2026", "70.00"],
    ]);
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect(chargedCents(s.gatewayId)).toEqual([2100, 7000]);
  });
});

describe("7. metered usage is billed once, and never for a free trial", () => {
  const metered = { component_type: "metered", unit_price: "0.10", starting_quantity: "0" };
  const report = (s: Awaited<ReturnType<typeof setUp>>, units: string) =>
    ok(s.t, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: { subscription_id: s.id, customer_account_id: s.account, component_id: s.components[0].component_id, units, expression_type: "additive" },
    });

  it("usage on a renewal invoice staff deleted waits for the next invoice instead of vanishing", async () => {
    const s = await setUp({ components: [metered] });
    await report(s, "100");
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    await ok(s.t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: upcoming.invoice_id, customer_account_id: s.account } });
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect((await subscriptionOf(s.t, s.id)).components[0].usage).toBe("100");
    clock.set("2026-03-21T10:00:00Z");
    await bill();
    const last = (await liveInvoicesOf(s.t, s.id)).at(-1);
    expect(last).toMatchObject({ billing_period_start: "3/21/2026", total: "30.00" });
    expect((await subscriptionOf(s.t, s.id)).components[0].usage).toBe("0");
  });

  it("usage during a free trial is not billed when the trial ends", async () => {
    const s = await setUp({ product: { trial: "Y", trial_interval: "5", trial_price: "0.00" }, components: [metered] });
    await report(s, "300");
    clock.set("2026-03-06T10:00:00Z");
    await bill();
    const renewal = (await liveInvoicesOf(s.t, s.id)).at(-1);
    expect(renewal).toMatchObject({ billing_period_start: "3/6/2026", total: "20.00" });
    expect((await subscriptionOf(s.t, s.id)).components[0].usage).toBe("0");
  });
});

/**
 * A 20.00 subscription (auto pay off) and a cheaper product of its group; at 3/9 the renewal's
 * invoice is generated and a 20.00 charge on it, taken by the gateway, is on record as pending
 * (its answer never came back).
 */
async function withLostCharge() {
  const s = await setUp({ sub: { auto_pay: "N" } });
  const bronze = await makeProduct(s.t, s.group.product_group_id, { setup_fee: "0.00", recurring_price: "10.00", expiration_interval: "10" });
  const lost = await makeCard(s.t, s.account, CARDS.timesOut);
  clock.set("2026-03-09T10:00:00Z");
  await bill();
  const [, upcoming] = await liveInvoicesOf(s.t, s.id);
  const database = await db();
  const paymentId = newId();
  const [card] = (await database.execute(sql`select token from pay_methods where id = ${lost}`)) as unknown as { token: string }[];
  await database.execute(sql`insert into payments (id, brand_id, customer_account_id, invoice_id, pay_method_id, gateway_id, target, processed_by, amount, status, created_at, updated_at)
    values (${paymentId}, ${s.t.brand_id}, ${s.account}, ${upcoming.invoice_id}, ${lost}, ${s.gatewayId}, 'invoice', 'gateway', 2000, 'pending', now(), now())`);
  await expect(
    sandboxProvider
      .connect({ id: s.gatewayId } as never)
      .charge({ token: card.token, amount: 2000, currency: "USD", idempotencyKey: paymentId, description: "lost" }),
  ).rejects.toThrow();
  return { s, bronze };
}

describe("8. a lost charge answer then a downgrade", () => {
  it("the pending charge is settled before re-pricing and the overpayment becomes prepaid balance", async () => {
    const { s, bronze } = await withLostCharge();
    await ok(s.t, "json", "Subscription/ChangeProduct", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, product_id: bronze.product_id },
    });
    const after = (await liveInvoicesOf(s.t, s.id))[1];
    expect(after).toMatchObject({ total: "20.00", amount_paid: "20.00", balance: "0.00" });
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("10.00");
  });
});

describe("8. a change while a charge's answer stays unknown", () => {
  it("is refused whole (502, nothing changed), and goes through once the gateway answers", async () => {
    const { s, bronze } = await withLostCharge();
    // The gateway then stops answering.
    const connect = sandboxProvider.connect;
    const down = vi.spyOn(sandboxProvider, "connect").mockImplementation((g) => ({
      ...connect(g),
      charge: () => Promise.reject(new GatewayUnknownOutcome("down")),
      findCharge: () => Promise.reject(new GatewayUnknownOutcome("down")),
    }));
    const change = () =>
      call("json", "Subscription/ChangeProduct", {
        method: "POST",
        creds: s.t,
        params: { subscription_id: s.id, customer_account_id: s.account, product_id: bronze.product_id },
      });
    const refused = await change();
    expect(refused.status, refused.text).toBe(502);
    expect((await subscriptionOf(s.t, s.id)).product_id).toBe(s.product.product_id);
    expect((await liveInvoicesOf(s.t, s.id))[1]).toMatchObject({ total: "20.00", amount_paid: "0.00" });

    // The gateway answers again (the charge succeeded): the change settles it, then re-prices.
    down.mockRestore();
    expect((await change()).status).toBe(200);
    expect((await subscriptionOf(s.t, s.id)).product_id).toBe(bronze.product_id);
    expect((await liveInvoicesOf(s.t, s.id))[1]).toMatchObject({ total: "20.00", amount_paid: "20.00", balance: "0.00" });
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("10.00");
  });
});

describe("9. the prepaid balance pays renewals before any card", () => {
  it("wholly, then in part with the card paying the rest", async () => {
    const s = await setUp();
    await ok(s.t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: s.account, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "25.00" },
    });
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    clock.set("2026-03-21T10:00:00Z");
    await bill();
    const live = await liveInvoicesOf(s.t, s.id);
    expect(live.map((i) => [i.billing_period_start, i.status])).toEqual([
      ["3/1/2026", "1"],
      ["3/11/2026", "1"],
      ["3/21/2026", "1"],
    ]);
    // 20.00 up front by card; 20.00 from the balance; 5.00 from the balance and 15.00 by card.
    expect(chargedCents(s.gatewayId)).toEqual([2000, 1500]);
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("0.00");
  });
});

describe("10. a deleted pay method falls back to the customer's default", () => {
  it("the renewal is charged to the default card", async () => {
    const s = await setUp();
    const other = await makeCard(s.t, s.account);
    await ok(s.t, "json", "PayMethod/SetDefault", { method: "PATCH", params: { customer_account_id: s.account, pay_method_id: other } }).catch(() => undefined);
    const own = s.card;
    const defaultCard = (await ok(s.t, "json", "PayMethod/List", { params: { customer_account_id: s.account } })).pay_methods.find(
      (p: any) => p.is_default === "Y" && p.pay_method_id !== own,
    );
    if (!defaultCard)
      await ok(s.t, "json", "PayMethod/Update", { method: "PATCH", params: { customer_account_id: s.account, pay_method_id: other, is_default: "Y" } });
    await ok(s.t, "json", "PayMethod/Delete", { method: "DELETE", params: { customer_account_id: s.account, pay_method_id: own } });
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.status)).toEqual(["1", "1"]);
    expect(chargedCents(s.gatewayId)).toEqual([2000, 2000]);
  });
});

describe("11. a deleted component is off the invoice generated ahead", () => {
  it("is not charged at the renewal", async () => {
    const s = await setUp({ components: [{ component_type: "traditional", unit_price: "4.99" }] });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, s.id))[1].total).toBe("24.99");
    await ok(s.t, "json", "Component/Delete", { method: "DELETE", params: { component_id: s.components[0].component_id } });
    expect((await liveInvoicesOf(s.t, s.id))[1].total).toBe("20.00");
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect(chargedCents(s.gatewayId)).toEqual([2499, 2000]);
  });
});

describe("12. coupon cycles are counted by the invoices that carry them", () => {
  it("a once coupon removed and put on again does not discount again", async () => {
    const coupon = { discount_type: "percent", discount_value: "50", duration: "once" };
    const s0 = await setUp();
    const c = await makeCoupon(s0.t, coupon);
    const s = { ...s0 };
    const sub = (
      await ok(s.t, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: s.account,
          product_id: s.product.product_id,
          pay_method_id: s.card,
          override_initial_billing: "N",
          auto_pay: "Y",
          coupon_code: c.coupon_code,
        },
      })
    ).subscription;
    const update = (code: string) =>
      call("json", "Subscription/Update", {
        method: "POST",
        creds: s.t,
        params: { subscription_id: sub.subscription_id, customer_account_id: s.account, auto_pay: "Y", coupon_code: code },
      });
    expect((await update("")).status).toBe(200);
    expectRefusal(await update(c.coupon_code), 409, "INVALID_STATE", "coupon_code");
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, sub.subscription_id)).map((i) => i.total)).toEqual(["10.00", "20.00"]);
  });

  it("a coupon added after the upcoming invoice was paid discounts it, and its cycle is counted once", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    const c = await makeCoupon(s.t, { discount_type: "percent", discount_value: "10", duration: "cycles", duration_cycles: "1" });
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    await payRecorded(s, upcoming.invoice_id, "20.00");
    await ok(s.t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, auto_pay: "N", coupon_code: c.coupon_code },
    });
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("2.00");
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    const sub = await subscriptionOf(s.t, s.id);
    expect(sub.coupons[0].cycles_applied).toBe("1");
    // Paid, the invoice stays as issued: the discount is a credit note, its money in the balance.
    const renewed = (await liveInvoicesOf(s.t, s.id))[1];
    expect(renewed.items.map((i: any) => [i.kind, i.item_price])).toEqual([["recurring", "20.00"]]);
    expect(await creditNotesOf(upcoming.invoice_id)).toEqual([{ reason: "repriced", destination: "prepaid_balance", amount: 200 }]);
  });

  it("Estimate promises only the discount the renewal gives", async () => {
    const s = await setUp();
    const c = await makeCoupon(s.t, { discount_type: "percent", discount_value: "50", duration: "once" });
    const e = await ok(s.t, "json", "Subscription/Estimate", {
      params: { customer_account_id: s.account, product_id: s.product.product_id, override_initial_billing: "N", coupon_code: c.coupon_code },
    });
    expect([e.estimate?.upfront_total ?? e.upfront_total, e.estimate?.next_renewal_total ?? e.next_renewal_total]).toEqual(["10.00", "20.00"]);
    const sub = (
      await ok(s.t, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: s.account,
          product_id: s.product.product_id,
          pay_method_id: s.card,
          override_initial_billing: "N",
          auto_pay: "N",
          coupon_code: c.coupon_code,
        },
      })
    ).subscription;
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, sub.subscription_id)).map((i) => i.total)).toEqual(["10.00", "20.00"]);
  });
});

describe("13. a 0-day period renews once, not forever", () => {
  it("a one-time product with a trial bills its price once when the trial ends", async () => {
    const s = await setUp({ product: { expiration_interval: "0", trial: "Y", trial_interval: "5", trial_price: "1.00" } });
    clock.set("2026-03-06T10:00:00Z");
    const run = await bill(s.t.brand_id);
    expect(run.renewed).toBeLessThan(10);
    clock.set("2026-06-06T10:00:00Z");
    await bill(s.t.brand_id);
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.total)).toEqual(["1.00", "20.00"]);
    expect((await subscriptionOf(s.t, s.id)).renewal_date).toBe("");
  });

  it("Product/Update to interval 0 under a live subscription ends it at its next renewal", async () => {
    const s = await setUp();
    await ok(s.t, "json", "Product/Update", {
      method: "PATCH",
      params: { ...PRODUCT_PARAMS, product_id: s.product.product_id, setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "0" },
    });
    clock.set("2026-03-11T10:00:00Z");
    const run = await bill(s.t.brand_id);
    expect(run.renewed).toBeLessThan(10);
    clock.set("2026-04-11T10:00:00Z");
    await bill(s.t.brand_id);
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => i.billing_period_start)).toEqual(["3/1/2026", "3/11/2026"]);
  });
});

describe("14. dunning after downtime", () => {
  it("every rule whose day has passed fires once, in order", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    const rule = (name: string, days: string, action: string) =>
      ok(s.t, "json", "DunningRule/Create", {
        method: "POST",
        params: {
          product_group_id: s.group.product_group_id,
          name,
          description: `${name} when overdue`,
          overdue_days: days,
          overdue_amount: "1.00",
          enforcement_action: action,
        },
      });
    await rule("Delete", "10", "DELETE");
    await rule("Remind", "3", "REMIND");
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    clock.set("2026-03-30T10:00:00Z"); // nineteen days overdue, no run in between
    await Promise.all([bill(), bill()]);
    await bill();
    const database = await db();
    const actions = (await database.execute(
      sql`select i.billing_period_start::text as period, a.action from dunning_actions a join invoices i on i.id = a.invoice_id where a.brand_id = ${s.t.brand_id} order by a.ran_at, a.id`,
    )) as unknown as { period: string; action: string }[];
    // The 3/11 invoice: reminded, then (day 10 passed too) the subscription deleted; the 3/21 period
    // (renewed before the rule's day came, as real time would have) reminded once.
    expect(actions.filter((a) => a.period === "2026-03-11").map((a) => a.action)).toEqual(["REMIND", "DELETE"]);
    expect(actions.filter((a) => a.period === "2026-03-21").map((a) => a.action)).toEqual(["REMIND"]);
    expect((await outboxEvents(s.t, "Invoice/Reminder")).length).toBe(2);
    expect((await subscriptionOf(s.t, s.id)).status).toBe("3");
  });
});

describe("15. usage that would take an invoice past the largest total is refused", () => {
  for (const format of ["json", "xml"] as const) {
    it(`${format}: 400 on units, nothing recorded`, async () => {
      const s = await setUp({ components: [{ component_type: "metered", unit_price: "9999.99", starting_quantity: "0" }] });
      const report = (units: string) =>
        call(format, "Subscription/ReportUsage", {
          method: "PATCH",
          creds: s.t,
          params: { subscription_id: s.id, customer_account_id: s.account, component_id: s.components[0].component_id, units, expression_type: "additive" },
        });
      expectRefusal(await report("1000000000"), 400, "INVALID_PARAMETER", "units");
      expect((await report("1000")).status).toBe(200);
      for (let i = 0; i < 3; i++) await report("1000000000").then((r) => expect(r.status).toBe(400));
      expect((await subscriptionOf(s.t, s.id)).components[0].usage).toBe("1000");
    });

    it(`${format}: units past what a component can count are 400 on units, metered and quantitative alike`, async () => {
      const s = await setUp({
        components: [
          { component_type: "metered", unit_price: "0.01", starting_quantity: "0" },
          { component_type: "quantitative", unit_price: "0.01", starting_quantity: "1" },
        ],
      });
      for (const [i, c] of s.components.entries()) {
        const report = (units: string) =>
          call(format, "Subscription/ReportUsage", {
            method: "PATCH",
            creds: s.t,
            params: { subscription_id: s.id, customer_account_id: s.account, component_id: c.component_id, units, expression_type: "additive" },
          });
        // Each report is within bounds; their sum (3,000,000,000) is not, and the charge would be only 30,000,000.00.
        expect((await report("999999998")).status).toBe(200);
        for (let n = 0; n < 2; n++) expectRefusal(await report("1000000000"), 400, "INVALID_PARAMETER", "units");
        const after = (await subscriptionOf(s.t, s.id)).components;
        // Metered usage started at 0, the quantitative units at 1.
        expect(i === 0 ? after[0].usage : after[1].units).toBe(i === 0 ? "999999998" : "999999999");
      }
    });
  }
});

describe("16. ChangeProduct to a one-time product renews once, then never again", () => {
  it("the coming renewal is billed at the one-time price and the subscription stops renewing", async () => {
    const s = await setUp();
    const once = await makeProduct(s.t, s.group.product_group_id, { setup_fee: "0.00", recurring_price: "15.00", expiration_interval: "0" });
    clock.set("2026-03-02T10:00:00Z");
    await ok(s.t, "json", "Subscription/ChangeProduct", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, product_id: once.product_id },
    });
    clock.set("2026-03-11T10:00:00Z");
    const run = await bill();
    expect(run.renewed).toBeLessThan(10); // no 0-day loop (the run bills every brand of this file)
    expect((await subscriptionOf(s.t, s.id)).renewal_date).toBe("");
    clock.set("2026-04-30T10:00:00Z");
    await bill();
    expect((await liveInvoicesOf(s.t, s.id)).map((i) => [i.billing_period_start, i.total])).toEqual([
      ["3/1/2026", "20.00"],
      ["3/11/2026", "15.00"],
    ]);
    expect((await periodsOf(s.id)).map((p) => [p.period_start, p.period_end])).toEqual([
      ["2026-03-01", "2026-03-11"],
      ["2026-03-11", null],
    ]);
    expect(chargedCents(s.gatewayId)).toEqual([2000, 1500]);
  });
});

describe("17. an invoice voided by billing is never dunned or charged", () => {
  const dunningActions = async (t: Tenant) =>
    (await (await db()).execute(sql`select invoice_id from dunning_actions where brand_id = ${t.brand_id}`)) as unknown as { invoice_id: string }[];
  for (const how of ["the subscription suspended", "its product deleted"] as const) {
    it(`generated ahead, then ${how}: a REMIND and a SUSPEND rule whose day passes do nothing to it`, async () => {
      const s = await setUp();
      for (const action of ["REMIND", "SUSPEND"]) {
        await ok(s.t, "json", "DunningRule/Create", {
          method: "POST",
          params: {
            product_group_id: s.group.product_group_id,
            name: action,
            description: `${action} one day overdue`,
            overdue_days: "1",
            overdue_amount: "1.00",
            enforcement_action: action,
          },
        });
      }
      clock.set("2026-03-09T10:00:00Z");
      await bill();
      const [, upcoming] = await liveInvoicesOf(s.t, s.id);
      if (how === "the subscription suspended") await ok(s.t, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: s.id } });
      else await ok(s.t, "json", "Product/Delete", { method: "DELETE", params: { product_id: s.product.product_id } });
      expect((await invoicesOf(s.t, s.id)).find((i) => i.invoice_id === upcoming.invoice_id).status).toBe("3");
      clock.set("2026-03-20T10:00:00Z"); // nine days past the voided invoice's due date
      await bill();
      await bill();
      expect(await dunningActions(s.t)).toEqual([]);
      expect(await outboxEvents(s.t, "Invoice/Reminder")).toEqual([]);
      expect(chargedCents(s.gatewayId)).toEqual([2000]);
      expect(sandboxCharges(s.gatewayId)).toHaveLength(1);
    });
  }
});

describe("18. a deleted product voids the invoice generated ahead for its subscriptions", () => {
  it("for every subscription on it, with what was paid on it moved to the prepaid balance", async () => {
    const s = await setUp({ sub: { auto_pay: "N" } });
    const second = (
      await ok(s.t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: s.account, product_id: s.product.product_id, pay_method_id: s.card, override_initial_billing: "N", auto_pay: "Y" },
      })
    ).subscription.subscription_id as string;
    clock.set("2026-03-09T10:00:00Z");
    await bill();
    const [, upcoming] = await liveInvoicesOf(s.t, s.id);
    await payRecorded(s, upcoming.invoice_id, "5.00");
    expect(await liveInvoicesOf(s.t, second)).toHaveLength(2);
    await ok(s.t, "json", "Product/Delete", { method: "DELETE", params: { product_id: s.product.product_id } });
    for (const id of [s.id, second]) {
      expect((await liveInvoicesOf(s.t, id)).map((i) => i.billing_period_start)).toEqual(["3/1/2026"]);
      expect((await invoicesOf(s.t, id)).map((i) => i.status)).toEqual(["1", "3"]);
    }
    expect((await accountOf(s.t, s.account)).prepaid_balance).toBe("5.00");
    clock.set("2026-03-12T10:00:00Z");
    await bill();
    expect(chargedCents(s.gatewayId)).toEqual([2000, 2000]);
    expect(await checkLedger(await db(), { brandId: s.t.brand_id })).toEqual([]);
  });
});

describe("19. a renewal date moved to the day the current period started", () => {
  it("is refused: the started period is not renewed again, its coupon cycle counted once", async () => {
    // Found widening the property's renewal-date step to today: on a subscription that renewed today, the run renewed the started period again.
    const s0 = await setUp();
    const c = await makeCoupon(s0.t, { discount_type: "percent", discount_value: "50", duration: "cycles", duration_cycles: "3" });
    const id = (
      await ok(s0.t, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: s0.account,
          product_id: s0.product.product_id,
          pay_method_id: s0.card,
          override_initial_billing: "N",
          auto_pay: "Y",
          coupon_code: c.coupon_code,
        },
      })
    ).subscription.subscription_id as string;
    clock.set("2026-03-11T10:00:00Z");
    await bill();
    const moved = await call("json", "Subscription/Update", {
      method: "POST",
      creds: s0.t,
      params: { subscription_id: id, customer_account_id: s0.account, auto_pay: "Y", renewal_date: "3/11/2026" },
    });
    expectRefusal(moved, 400, "INVALID_PARAMETER", "renewal_date");
    await bill();
    expect((await subscriptionOf(s0.t, id)).coupons[0].cycles_applied).toBe("2");
    expect((await liveInvoicesOf(s0.t, id)).map((i) => [i.billing_period_start, i.total])).toEqual([
      ["3/1/2026", "10.00"],
      ["3/11/2026", "10.00"],
    ]);
    expect(await checkLedger(await db(), { brandId: s0.t.brand_id })).toEqual([]);
    // The next day is fine.
    const next = await call("json", "Subscription/Update", {
      method: "POST",
      creds: s0.t,
      params: { subscription_id: id, customer_account_id: s0.account, auto_pay: "Y", renewal_date: "3/12/2026" },
    });
    expect(next.status, next.text).toBe(200);
  });
});
