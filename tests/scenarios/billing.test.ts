/**
 * Billing scenarios in the style of Lago's spec/scenarios: a catalog and customers made through the
 * API, the clock moved day by day, the billing run executed, and invoices, payments, statuses,
 * events and posts checked to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { call, makeTenant, ok, type Tenant } from "../support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "../support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway, outboxEvents, subscribeOnCard } from "../support/payments";
import { ManualClock, systemClock, useClock } from "../../lib/clock";
import { runBilling } from "../../lib/billing/run-billing";
import { deliverDue } from "../../lib/outbox/deliver";
import { sinkFor } from "../../lib/jobs/sinks";
import { allBrandsContext } from "../../lib/auth/context";

const clock = new ManualClock("2026-01-01T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const at = (iso: string) => clock.set(iso);
const bill = async () => runBilling({ ctx: allBrandsContext(await getDb(), clock.now()) });

const invoicesOf = async (t: Tenant, subscriptionId: string) =>
  (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices.sort((a: any, b: any) =>
    a.billing_period_start.localeCompare(b.billing_period_start, undefined, { numeric: true }),
  );
const subscriptionOf = async (t: Tenant, id: string) => (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
const postsFor = async (t: Tenant, type: string, subscriptionId: string) =>
  (await outboxEvents(t, type)).map((e) => Object.fromEntries(e.payload.fields)).filter((p: any) => p.subscription_id === subscriptionId || p.invoice_id);

describe("renewals with auto pay, components, usage and a two-cycle coupon", () => {
  let t: Tenant;
  let sub: any;
  let metered: any;
  beforeAll(async () => {
    at("2026-01-01T10:00:00Z");
    t = await makeTenant();
    await makeGateway(t);
    const group = await makeGroup(t, { action_url: "https://hooks.example.com/billing" });
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "5.00", recurring_price: "20.00", expiration_interval: "30" });
    const support = await makeComponent(t, group.product_group_id, { unit_price: "4.99" });
    metered = await makeComponent(t, group.product_group_id, { component_type: "metered", unit_price: "0.10", starting_quantity: "100" });
    const coupon = await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "cycles", duration_cycles: "2" });
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: account,
          product_id: product.product_id,
          pay_method_id: card,
          override_initial_billing: "N",
          auto_pay: "Y",
          coupon_code: coupon.coupon_code,
          attached_components: JSON.stringify([
            { component_id: support.component_id, units: "1" },
            { component_id: metered.component_id, units: "0" },
          ]),
        },
      })
    ).subscription;
  });

  it("day 0: the up-front invoice is setup fee plus the first period less the coupon, paid by card", async () => {
    const [first] = await invoicesOf(t, sub.subscription_id);
    // 5.00 setup + (20.00 + 4.99 - 10% = 2.50) = 27.49
    expect(first).toMatchObject({ total: "27.49", balance: "0.00", status: "1", due_date: "1/1/2026" });
    expect(sub.renewal_date).toBe("1/31/2026");
  });

  it("usage is reported during the cycle", async () => {
    at("2026-01-20T09:00:00Z");
    await ok(t, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: {
        subscription_id: sub.subscription_id,
        customer_account_id: sub.customer_account_id,
        component_id: metered.component_id,
        units: "250",
        expression_type: "additive",
      },
    });
  });

  it("72 hours before the renewal the invoice is generated, once, however often billing runs", async () => {
    at("2026-01-27T23:59:59Z");
    await bill();
    expect(await invoicesOf(t, sub.subscription_id)).toHaveLength(1);
    at("2026-01-28T00:00:00Z");
    await bill();
    await bill();
    const invoices = await invoicesOf(t, sub.subscription_id);
    expect(invoices).toHaveLength(2);
    // Second cycle of the coupon: 24.99 - 2.50.
    expect(invoices[1]).toMatchObject({ billing_period_start: "1/31/2026", due_date: "1/31/2026", total: "22.49", status: "0" });
    // The run records one billing/invoices-created event; delivering it writes the Invoice/Create events.
    const created = async () => (await outboxEvents(t, "Invoice/Create")).filter((e) => e.payload.subscription?.subscription_id === sub.subscription_id);
    expect(await created()).toHaveLength(1);
    await deliverDue({ ctx: allBrandsContext(await getDb(), clock), input: { sinkFor } });
    const events = await created();
    expect(events).toHaveLength(2);
    expect(events[1].payload.invoice).toEqual({
      invoice_id: invoices[1].invoice_id,
      status: 0,
      due_date: "1/31/2026",
      total: "22.49",
      amount_paid: "0.00",
      amount_due: "22.49",
      // The invoice's name and currency, for the email (issue 31).
      number: invoices[1].number,
      currency: "USD",
      // Its tax, for the email (issue 33): none here.
      subtotal: "22.49",
      tax_total: "0.00",
      tax_lines: null,
      tax_note: null,
    });
    expect(invoices[1].number).toMatch(/^[A-Z0-9]+-\d{6}$/);
  });

  it("on the renewal date the cycle's usage is added, the card charged and the period advanced", async () => {
    at("2026-01-31T00:30:00Z");
    // Billing runs for every brand in this database; this scenario's subscription is one of them.
    expect((await bill()).charged).toBeGreaterThanOrEqual(1);
    await bill();
    const invoices = await invoicesOf(t, sub.subscription_id);
    // 22.49 + (250 - 100) x 0.10 usage = 37.49, paid in full.
    expect(invoices[1]).toMatchObject({ total: "37.49", balance: "0.00", status: "1" });
    expect(invoices[1].items.map((i: any) => [i.item_name, i.item_price, i.quantity])).toContainEqual([`${metered.name} usage`, "0.10", "150"]);
    const s = await subscriptionOf(t, sub.subscription_id);
    expect(s).toMatchObject({ period_start: "1/31/2026", renewal_date: "3/2/2026", next_renewal_amount: "24.99" });
    expect(s.components.find((c: any) => c.component_id === metered.component_id).usage).toBe("0");
    expect(s.coupons[0]).toMatchObject({ cycles_applied: "2", qualification_status: "disqualified", disqualification_reason: "one_time_used" });
    const renewals = (await outboxEvents(t, "post/action_url"))
      .map((e) => Object.fromEntries(e.payload.fields))
      .filter((p) => p.event === "renew_subscription");
    expect(renewals).toHaveLength(1);
    expect(renewals[0].renewal_date).toBe("3/2/2026");
  });

  it("the next invoice has no coupon and no usage left over", async () => {
    at("2026-02-27T00:00:00Z");
    await bill();
    const invoices = await invoicesOf(t, sub.subscription_id);
    expect(invoices).toHaveLength(3);
    expect(invoices[2]).toMatchObject({ billing_period_start: "3/2/2026", total: "24.99" });
  });
});

describe("a trial, then the first paid period", () => {
  it("charges only the setup fee up front and the recurring price when the trial ends", async () => {
    at("2026-01-01T10:00:00Z");
    const t = await makeTenant();
    await makeGateway(t);
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, {
      setup_fee: "2.00",
      recurring_price: "15.00",
      trial: "Y",
      trial_interval: "14",
      trial_price: "0.00",
    });
    const { sub } = await subscribeOnCard(t, product.product_id);
    expect(sub).toMatchObject({ in_trial: "Y", renewal_date: "1/15/2026" });
    expect((await invoicesOf(t, sub.subscription_id))[0]).toMatchObject({ total: "2.00", status: "1" });
    at("2026-01-15T01:00:00Z");
    await bill();
    const invoices = await invoicesOf(t, sub.subscription_id);
    expect(invoices[1]).toMatchObject({ billing_period_start: "1/15/2026", total: "15.00", status: "1" });
    expect(await subscriptionOf(t, sub.subscription_id)).toMatchObject({ in_trial: "N", renewal_date: "2/14/2026" });
  });
});

describe("a one-time purchase", () => {
  it("never renews", async () => {
    at("2026-01-01T10:00:00Z");
    const t = await makeTenant();
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { expiration_interval: "0", setup_fee: "0.00", recurring_price: "99.00" });
    const sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
      })
    ).subscription;
    expect(sub.renewal_date).toBe("");
    at("2027-01-01T10:00:00Z");
    await bill();
    expect(await invoicesOf(t, sub.subscription_id)).toHaveLength(1);
  });
});

describe("a change that puts the renewal inside the 72-hour window", () => {
  it("gets its invoice from the change's event, before any daily run", async () => {
    at("2026-03-01T10:00:00Z");
    const t = await makeTenant();
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { recurring_price: "12.00", setup_fee: "0.00" });
    const sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
      })
    ).subscription;
    await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: sub.subscription_id, customer_account_id: sub.customer_account_id, auto_pay: "N", renewal_date: "3/3/2026" },
    });
    expect(await invoicesOf(t, sub.subscription_id)).toHaveLength(1);
    // One delivery tick (every few seconds in-process, every minute on Inngest).
    await deliverDue({ ctx: allBrandsContext(await getDb(), clock), input: { sinkFor } });
    const invoices = await invoicesOf(t, sub.subscription_id);
    expect(invoices[1]).toMatchObject({ billing_period_start: "3/3/2026", total: "12.00" });
  });
});

describe("a declined renewal and dunning", () => {
  let t: Tenant;
  let sub: any;
  let manualInvoice: string;
  beforeAll(async () => {
    at("2026-05-01T10:00:00Z");
    t = await makeTenant();
    await makeGateway(t);
    const group = await makeGroup(t, { action_url: "https://hooks.example.com/dunning" });
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "40.00", expiration_interval: "30" });
    const rule = (params: Record<string, string>) =>
      ok(t, "json", "DunningRule/Create", {
        method: "POST",
        params: { product_group_id: group.product_group_id, name: "Rule", description: "A dunning rule for tests", overdue_amount: "10.00", ...params },
      });
    await rule({ overdue_days: "1", enforcement_action: "REMIND" });
    await rule({ overdue_days: "3", enforcement_action: "POST", post_url: "https://collections.example.com/hook" });
    await rule({ overdue_days: "5", enforcement_action: "SUSPEND" });
    await rule({ overdue_days: "5", enforcement_action: "REMIND" });
    await rule({ overdue_days: "7", enforcement_action: "SUSPEND" });
    await rule({ overdue_days: "1", enforcement_action: "DELETE", overdue_amount: "1000.00" });
    const account = await makeAccount(t);
    const declining = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
    sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y", auto_pay: "Y", pay_method_id: declining },
      })
    ).subscription;
    manualInvoice = (
      await ok(t, "json", "Invoice/Create", {
        method: "POST",
        params: {
          customer_account_id: account,
          due_date: "5/31/2026",
          attached_items: JSON.stringify([{ item_name: "Consulting", item_price: "500.00", tax_exempt: "N" }]),
        },
      })
    ).invoice.invoice_id;
  });

  const reminders = async () => (await outboxEvents(t, "Invoice/Reminder")).map((e) => e.payload.invoice.invoice_id);

  it("the renewal charge is declined: recorded with its reason, the invoice stays unpaid", async () => {
    at("2026-05-31T00:10:00Z");
    expect((await bill()).declined).toBeGreaterThanOrEqual(1);
    const [, renewal] = await invoicesOf(t, sub.subscription_id);
    expect(renewal).toMatchObject({ total: "40.00", status: "0", balance: "40.00" });
    const payments = (await ok(t, "json", "Payment/List", { params: { invoice_id: renewal.invoice_id } })).payments;
    expect(payments[0]).toMatchObject({ payment_status: "failed" });
    expect(payments[0].failure_reason).toBeTruthy();
  });

  it("day 1 reminds (the 1000.00 DELETE rule does not apply); manual invoices are never dunned", async () => {
    at("2026-06-01T08:00:00Z");
    await bill();
    await bill();
    const [, renewal] = await invoicesOf(t, sub.subscription_id);
    expect(await reminders()).toEqual([renewal.invoice_id]);
    expect((await subscriptionOf(t, sub.subscription_id)).status).toBe("1");
    expect(await reminders()).not.toContain(manualInvoice);
  });

  it("day 3 posts invoice, customer, outstanding balance and overdue days to post_url", async () => {
    at("2026-06-03T08:00:00Z");
    await bill();
    const posts = (await outboxEvents(t, "post/dunning")).map((e) => e.payload);
    const [, renewal] = await invoicesOf(t, sub.subscription_id);
    expect(posts).toEqual([
      {
        url: "https://collections.example.com/hook",
        fields: [
          ["invoice_id", renewal.invoice_id],
          ["customer_account_id", sub.customer_account_id],
          ["outstanding_balance", "40.00"],
          ["overdue_days", "3"],
        ],
      },
    ]);
  });

  it("day 5 runs every matching rule: suspends and reminds; a rerun repeats nothing", async () => {
    at("2026-06-05T08:00:00Z");
    await bill();
    await bill();
    expect((await subscriptionOf(t, sub.subscription_id)).status).toBe("2");
    expect(await reminders()).toHaveLength(2);
    expect((await outboxEvents(t, "Subscription/Suspend")).filter((e) => e.payload.subscription.subscription_id === sub.subscription_id)).toHaveLength(1);
    const status = (await postsFor(t, "post/action_url", sub.subscription_id)).filter((p: any) => p.event === "status_subscription");
    expect(status).toHaveLength(1);
  });

  it("a restored subscription is suspended again while the invoice stays unpaid", async () => {
    at("2026-06-06T08:00:00Z");
    await ok(t, "json", "Subscription/Restore", { method: "PATCH", params: { subscription_id: sub.subscription_id } });
    await bill();
    expect((await subscriptionOf(t, sub.subscription_id)).status).toBe("1");
    at("2026-06-07T08:00:00Z");
    await bill();
    expect((await subscriptionOf(t, sub.subscription_id)).status).toBe("2");
  });

  it("a suspended subscription is not billed", async () => {
    at("2026-07-01T08:00:00Z");
    await bill();
    expect(await invoicesOf(t, sub.subscription_id)).toHaveLength(2);
  });
});

describe("what is not billed", () => {
  it("subscriptions of a suspended product group or of a deleted brand get no invoices", async () => {
    at("2026-09-01T10:00:00Z");
    const t = await makeTenant();
    const second = (
      await ok(t, "json", "Brand/Create", {
        method: "POST",
        params: { name: "Second", description: "Another brand", logo_url: "https://example.com/l.png" },
      })
    ).brand.brand_id;
    const other = { ...t, brand_id: second };
    const make = async (tenant: Tenant) => {
      const group = await makeGroup(tenant);
      const product = await makeProduct(tenant, group.product_group_id, { setup_fee: "0.00", recurring_price: "8.00" });
      const sub = (
        await ok(tenant, "json", "Subscription/Create", {
          method: "POST",
          params: { customer_account_id: await makeAccount(tenant), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
        })
      ).subscription;
      return { group, sub };
    };
    const suspended = await make(t);
    const billed = await make(t);
    const ofDeletedBrand = await make(other);
    await ok(t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: suspended.group.product_group_id } });
    await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: second } });
    at("2026-09-29T10:00:00Z");
    await bill();
    const db = await getDb();
    const count = async (subscriptionId: string) =>
      Number(((await db.execute(sql`select count(*)::int as n from invoices where subscription_id = ${subscriptionId}`)) as unknown as { n: number }[])[0].n);
    expect(await count(billed.sub.subscription_id)).toBe(2);
    expect(await count(suspended.sub.subscription_id)).toBe(1);
    expect(await count(ofDeletedBrand.sub.subscription_id)).toBe(1);
  });
});

describe("reliability", () => {
  it("two billing runners at once produce exactly the invoices and charges of one run", async () => {
    at("2026-08-01T10:00:00Z");
    const t = await makeTenant();
    await makeGateway(t);
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "9.99", expiration_interval: "30" });
    const subs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const account = await makeAccount(t);
      const card = await makeCard(t, account);
      subs.push(
        (
          await ok(t, "json", "Subscription/Create", {
            method: "POST",
            params: { customer_account_id: account, product_id: product.product_id, pay_method_id: card, override_initial_billing: "Y", auto_pay: "Y" },
          })
        ).subscription.subscription_id,
      );
    }
    at("2026-08-31T01:00:00Z");
    const db = await getDb();
    await Promise.all([
      runBilling({ ctx: allBrandsContext(db, clock.now()) }),
      runBilling({ ctx: allBrandsContext(db, clock.now()) }),
      runBilling({ ctx: allBrandsContext(db, clock.now()) }),
    ]);
    for (const id of subs) {
      const invoices = await invoicesOf(t, id);
      expect(invoices).toHaveLength(2);
      expect(invoices[1]).toMatchObject({ total: "9.99", status: "1", balance: "0.00" });
      const payments = (await ok(t, "json", "Payment/List", { params: { invoice_id: invoices[1].invoice_id } })).payments;
      expect(payments.filter((p: any) => p.payment_status === "succeeded")).toHaveLength(1);
      expect((await subscriptionOf(t, id)).renewal_date).toBe("9/30/2026");
    }
  });

  it("a run that stopped half-way is finished by the next one without doubles", async () => {
    at("2026-10-01T10:00:00Z");
    const t = await makeTenant();
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "5.00" });
    const subs: string[] = [];
    for (let i = 0; i < 5; i++) {
      subs.push(
        (
          await ok(t, "json", "Subscription/Create", {
            method: "POST",
            params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
          })
        ).subscription.subscription_id,
      );
    }
    at("2026-10-28T12:00:00Z");
    const { generateDueInvoices } = await import("../../lib/billing/generate-invoices");
    const db = await getDb();
    // The first runner got through two subscriptions before it died.
    await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: subs.slice(0, 2) } });
    await bill();
    for (const id of subs) expect(await invoicesOf(t, id)).toHaveLength(2);
  });

  it("API calls made meanwhile still answer (no locks held across runs)", async () => {
    const t = await makeTenant();
    expect((await call("json", "Subscription/List", { creds: t })).status).toBe(200);
  });
});
