/**
 * Proration (issue 32), through the HTTP API on a sandbox brand: Brand/Create and Update take
 * proration (none by default: the spec's behaviour 2, nothing billed at once); with prorate, a
 * change mid-period bills a rise at once (an invoice of its own, charged with auto pay) or credits a
 * cut to the prepaid balance, (days left / days in the period) x (new - old), half away from zero.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, invoices } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { runVerb } from "../lib/run-verb";
import { changeProduct as changeProductVerb } from "../lib/subscriptions/change-product";
import { estimated } from "../lib/subscriptions/estimate-change";
import { estimateToWire } from "../lib/subscriptions/view";
import { wireValue } from "../lib/api/serialize";
import { call, ok, makeTenant, type Tenant } from "./support/api";
import { FORMATS, makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, expectRefusal, makeAccount, makeCard, makeGateway } from "./support/payments";

let t: Tenant;
let group: string;

const advanceTo = async (isoDate: string, hour = 12) =>
  ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: `${isoDate}T${String(hour).padStart(2, "0")}:00:00Z` } });
const invoicesOf = async (subscriptionId: string) => (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as any[];
/** The invoices billed at once by a change: no period of their own. */
const prorations = async (subscriptionId: string) => (await invoicesOf(subscriptionId)).filter((i) => i.billing_period_start === "");
const prepaid = async (account: string) =>
  (await ok(t, "json", "Account/List", { params: { customer_account_id: account } })).customer_accounts[0].prepaid_balance;
const plan = (price: string, params: Record<string, string> = {}) =>
  makeProduct(t, group, { expiration_interval: "1", interval_unit: "month", setup_fee: "0.00", recurring_price: price, ...params });
const setProration = (value: string, format = "json") =>
  ok(t, format, "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, proration: value } });
async function subscribe(productId: string, params: Record<string, string> = {}, card: string = CARDS.ok) {
  const account = await makeAccount(t);
  const pm = await makeCard(t, account, card, { require_verification: "N" });
  const r = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: account, product_id: productId, pay_method_id: pm, override_initial_billing: "Y", auto_pay: "Y", ...params },
  });
  return { id: r.subscription.subscription_id as string, account };
}
const changeProduct = (s: { id: string; account: string }, productId: string) =>
  ok(t, "json", "Subscription/ChangeProduct", { method: "POST", params: { subscription_id: s.id, customer_account_id: s.account, product_id: productId } });

/** A sandbox brand of its own (a test clock never goes back), its clock at 9:00 on March 1 2027. */
async function sandbox(proration?: string) {
  const live = await makeTenant();
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Prorating", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y", ...(proration ? { proration } : {}) },
  });
  t = { ...live, brand_id: brand.brand.brand_id };
  await makeGateway(t);
  group = (await makeGroup(t)).product_group_id;
  await advanceTo("2027-03-01", 9);
  basic = (await plan("30.00")).product_id;
  pro = (await plan("60.00")).product_id;
}
let basic: string, pro: string;

beforeAll(() => sandbox());

/** What the dashboard's and the portal's confirm steps show (its read row): the change made and rolled back, at the brand's test clock. */
async function estimate(s: { id: string; account: string }, productId: string) {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  const input = { subscription_id: s.id, customer_account_id: s.account, product_id: productId };
  // As their actions run it: an estimate locks what it reads and writes in a savepoint it rolls back, so not as a read.
  return runVerb(systemContext(db, brand), estimated(changeProductVerb), input as never);
}

describe("the brand's proration setting", () => {
  it("is none by default, set by Brand/Update and Brand/Create in json and xml, kept when absent, and refuses other values", async () => {
    for (const format of FORMATS) {
      const listed = await ok(t, format, "Brand/List", { params: { search_brand_id: t.brand_id } });
      const brand = format === "json" ? listed.brands[0] : [listed.brands.brand].flat()[0];
      expect(brand.proration).toBe("none");
    }
    expect((await setProration("prorate", "xml")).brand.proration).toBe("prorate");
    expect((await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, name: "Prorating" } })).brand.proration).toBe(
      "prorate",
    );
    expect((await setProration("none")).brand.proration).toBe("none");
    expectRefusal(
      await call("json", "Brand/Update", { method: "PATCH", creds: t, params: { update_brand_id: t.brand_id, proration: "daily" } }),
      400,
      "INVALID_PARAMETER",
      "proration",
    );
    await sandbox("prorate");
    expect((await ok(t, "json", "Brand/List", { params: { search_brand_id: t.brand_id } })).brands[0].proration).toBe("prorate");
  });
});

describe("changes mid-period", () => {
  it("with none (the default), a change bills nothing at once and credits nothing (behaviour 2)", async () => {
    await sandbox();
    const s = await subscribe(basic);
    await advanceTo("2027-03-11");
    expect(await estimate(s, pro)).toMatchObject({ chargedNowCents: 0, proratedCreditCents: 0 });
    await changeProduct(s, pro);
    expect(await prorations(s.id)).toEqual([]);
    expect(await prepaid(s.account)).toBe("0.00");
  });

  it("with prorate, an upgrade on March 11 bills 21/31 of the difference at once and charges it with auto pay", async () => {
    await sandbox("prorate");
    const s = await subscribe(basic);
    await advanceTo("2027-03-11");
    expect(await estimate(s, pro)).toMatchObject({ chargedNowCents: 2032, proratedCreditCents: 0, prorationDaysLeft: 21, prorationPeriodDays: 31 });
    expect(await prorations(s.id)).toEqual([]);
    await changeProduct(s, pro);
    // March 11 to April 1: 21 of March's 31 days; 30.00 x 21 / 31 = 20.3225... -> 20.32.
    const [inv] = await prorations(s.id);
    expect(inv).toMatchObject({ total: "20.32", balance: "0.00", status: "1", due_date: "3/11/2027" });
    expect(inv.items[0].item_name).toContain("21 of 31 days");
    // Numbered as every issued invoice is (issue 31).
    const [row] = await (await getDb()).select({ number: invoices.number }).from(invoices).where(eq(invoices.id, inv.invoice_id));
    expect(row.number).toMatch(/^[A-Z0-9]+-\d{6}$/);
    expect((await prorations(s.id)).length).toBe(1);
    // The renewal is priced as before (behaviour 2): the new plan's whole price.
    await advanceTo("2027-04-01", 1);
    const renewal = (await invoicesOf(s.id)).find((i) => i.billing_period_start === "4/1/2027");
    expect(renewal.total).toBe("60.00");
    expect((await prorations(s.id)).length).toBe(1);
  });

  it("a downgrade credits the unused part to the prepaid balance (half away from zero), which pays the next renewal first", async () => {
    await sandbox("prorate");
    const s = await subscribe(pro);
    await advanceTo("2027-03-20");
    expect(await estimate(s, basic)).toMatchObject({ chargedNowCents: 0, proratedCreditCents: 1161, prepaidCreditCents: 0, prorationDaysLeft: 12 });
    expect(await prepaid(s.account)).toBe("0.00");
    await changeProduct(s, basic);
    // 12 of 31 days: -30.00 x 12 / 31 = -11.6129 -> 11.61 credited.
    expect(await prorations(s.id)).toEqual([]);
    expect(await prepaid(s.account)).toBe("11.61");
    await advanceTo("2027-04-01", 1);
    const renewal = (await invoicesOf(s.id)).find((i) => i.billing_period_start === "4/1/2027");
    expect(renewal).toMatchObject({ total: "30.00", balance: "0.00" });
    expect(await prepaid(s.account)).toBe("0.00");
  });

  it("a cut is money out: a credit note repriced on the period's invoice (paid: to the prepaid balance; unpaid: no longer owed)", async () => {
    await sandbox("prorate");
    const paid = await subscribe(pro);
    const owing = await makeAccount(t);
    const unpaid = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: owing, product_id: pro, override_initial_billing: "N", auto_pay: "N" },
      })
    ).subscription.subscription_id as string;
    await advanceTo("2027-03-20");
    await changeProduct(paid, basic);
    await changeProduct({ id: unpaid, account: owing }, basic);
    const notes = async (account: string) => (await ok(t, "json", "CreditNote/List", { params: { customer_account_id: account } })).credit_notes as any[];
    const periodInvoice = async (id: string) => (await invoicesOf(id)).find((i) => i.billing_period_start === "3/1/2027");
    // 12 of 31 days of -30.00: 11.61, on the March invoice; paid, so to the prepaid balance.
    const [note] = await notes(paid.account);
    expect(note).toMatchObject({ reason: "repriced", amount: "11.61", destination: "prepaid_balance", invoice_id: (await periodInvoice(paid.id)).invoice_id });
    expect(await prepaid(paid.account)).toBe("11.61");
    // Unpaid: the same note, and 60.00 - 11.61 is what is still owed; the prepaid balance gets nothing.
    const [owed] = await notes(owing);
    expect(owed).toMatchObject({ reason: "repriced", amount: "11.61" });
    expect((await periodInvoice(unpaid)).balance).toBe("48.39");
    expect(await prepaid(owing)).toBe("0.00");
  });

  it("a billing day's first period, billed as a part of the full period, is prorated over the full period's days", async () => {
    await sandbox("prorate");
    // March 1 to the billing day March 15: 14 of the 28 days from February 15, 60.00 x 14 / 28 = 30.00.
    const s = await subscribe(pro, { billing_day: "15" });
    expect((await invoicesOf(s.id)).map((i) => i.total)).toEqual(["30.00"]);
    await advanceTo("2027-03-08");
    // 7 days left of the full 28: -30.00 x 7 / 28 = -7.50 (not 7 of the partial period's 14: -15.00).
    expect(await estimate(s, basic)).toMatchObject({ proratedCreditCents: 750, prorationDaysLeft: 7, prorationPeriodDays: 28 });
    await changeProduct(s, basic);
    expect(await prepaid(s.account)).toBe("7.50");
  });

  it("Subscription/Estimate with subscription_id answers over the API what the confirm steps show, through the same dry run, in json and xml", async () => {
    await sandbox("prorate");
    const seat = (await makeComponent(t, group, { component_type: "quantitative", unit_price: "3.10", name: "Seat" })).component_id;
    const s = await subscribe(basic);
    await advanceTo("2027-03-11");
    const shown = estimateToWire(await estimate(s, pro));
    for (const format of FORMATS) {
      const api = (await ok(t, format, "Subscription/Estimate", { params: { subscription_id: s.id, customer_account_id: s.account, product_id: pro } }))
        .estimate;
      for (const field of [
        "charged_now",
        "prorated_credit",
        "proration_days_left",
        "proration_period_days",
        "prepaid_credit",
        "prorated_from_prepaid",
      ] as const) {
        expect(api[field], field).toBe((shown as any)[field]);
      }
      expect(api).toMatchObject({
        subscription_id: s.id,
        charged_now: "20.32",
        upfront_total: "20.32",
        next_renewal_date: "4/1/2027",
        next_renewal_total: "60.00",
      });
      expect(api.before.total).toBe("30.00");
      expect(api.after.total).toBe("60.00");
      // The whole answer is the wire of the read row the confirm steps show.
      if (format === "json") expect(api).toEqual(wireValue(shown));
    }
    // Components as Subscription/Update would set them: 2 seats x 3.10 x 21 / 31 = 4.2 -> 4.20.
    const seats = (
      await ok(t, "json", "Subscription/Estimate", {
        params: {
          subscription_id: s.id,
          customer_account_id: s.account,
          product_id: basic,
          attached_components: JSON.stringify([{ component_id: seat, units: "2" }]),
        },
      })
    ).estimate;
    expect(seats).toMatchObject({ charged_now: "4.20", next_renewal_total: "36.20" });
    // Nothing was changed.
    expect(await prorations(s.id)).toEqual([]);
    expect((await ok(t, "json", "Subscription/List", { params: { subscription_id: s.id } })).subscriptions[0].product_id).toBe(basic);
    // Another account's subscription is not found; new-subscription parameters are refused with it.
    const stranger = await makeAccount(t);
    const r = await call("json", "Subscription/Estimate", { creds: t, params: { subscription_id: s.id, customer_account_id: stranger, product_id: pro } });
    expect(r.status).toBe(404);
    const b = await call("json", "Subscription/Estimate", {
      creds: t,
      params: { subscription_id: s.id, customer_account_id: s.account, product_id: pro, billing_day: "1" },
    });
    expect(b.status).toBe(400);
  });

  it("Subscription/Estimate of a change prices before, after and the proration at the auto_pay it is given", async () => {
    await sandbox("prorate");
    const cheap = (await plan("30.00", { auto_pay_discount: "Y", auto_pay_discount_amount: "3.10" })).product_id;
    const dear = (await plan("60.00", { auto_pay_discount: "Y", auto_pay_discount_amount: "3.10" })).product_id;
    const s = await subscribe(cheap); // auto pay Y
    await advanceTo("2027-03-11");
    const at = async (auto_pay?: string) =>
      (
        await ok(t, "json", "Subscription/Estimate", {
          params: { subscription_id: s.id, customer_account_id: s.account, product_id: dear, ...(auto_pay ? { auto_pay } : {}) },
        })
      ).estimate;
    // The difference is 30.00 either way (the discount is on both); the renewals differ by it.
    expect(await at()).toMatchObject({ auto_pay: "Y", charged_now: "20.32", next_renewal_total: "56.90" });
    expect((await at()).before.total).toBe("26.90");
    const no = await at("N");
    expect(no).toMatchObject({ auto_pay: "N", charged_now: "20.32", next_renewal_total: "60.00" });
    expect(no.before.total).toBe("30.00");
  });

  it("components attached, re-counted and detached, and coupons, are prorated in json and xml", async () => {
    await sandbox("prorate");
    const seat = (await makeComponent(t, group, { component_type: "quantitative", unit_price: "3.10", name: "Seat" })).component_id;
    const s = await subscribe(basic);
    await advanceTo("2027-03-01", 12);
    // On the period's first day the whole period is unused: 2 seats x 3.10 billed in full.
    await ok(t, "xml", "Subscription/Update", {
      method: "POST",
      params: {
        subscription_id: s.id,
        customer_account_id: s.account,
        auto_pay: "Y",
        attached_components: JSON.stringify([{ component_id: seat, units: "2" }]),
      },
    });
    expect((await prorations(s.id)).map((i) => i.total)).toEqual(["6.20"]);
    await advanceTo("2027-03-17");
    // 15 of 31 days of 3 more seats: 9.30 x 15 / 31 = 4.5 -> 4.50.
    await ok(t, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: { subscription_id: s.id, customer_account_id: s.account, component_id: seat, units: "5", expression_type: "cumulative" },
    });
    expect((await prorations(s.id)).map((i) => i.total).sort()).toEqual(["4.50", "6.20"]);
    // A 50% coupon on the 31st: 1 of 31 days of -(30.00 + 15.50) / 2 = -0.7338... -> 0.73 credited.
    await advanceTo("2027-03-31");
    const coupon = await makeCoupon(t, { discount_value: "50", duration: "forever" });
    await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, auto_pay: "Y", coupon_code: coupon.coupon_code },
    });
    expect(await prepaid(s.account)).toBe("0.73");
    // Detaching the seats the same day: -15.50 less the coupon's half = -7.75 x 1/31 = -0.25.
    await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: s.id, customer_account_id: s.account, auto_pay: "Y", attached_components: "[]" },
    });
    expect(await prepaid(s.account)).toBe("0.98");
  });

  it("a declined charge leaves the invoice unpaid and the change standing; nothing is charged without auto pay", async () => {
    await sandbox("prorate");
    const declined = await subscribe(basic, {}, CARDS.declines);
    const manual = await subscribe(basic, { auto_pay: "N" });
    await advanceTo("2027-03-16");
    for (const s of [declined, manual]) {
      const r = await changeProduct(s, pro);
      expect(r.subscription.product_id).toBe(pro);
      // 16 of 31 days: 30.00 x 16 / 31 = 15.4838... -> 15.48, owed.
      expect((await prorations(s.id)).map((i) => [i.total, i.balance, i.status])).toEqual([["15.48", "15.48", "0"]]);
    }
  });

  it("nothing is prorated during a trial", async () => {
    await sandbox("prorate");
    const trial = (await plan("30.00", { trial: "Y", trial_interval: "7", trial_price: "0.00" })).product_id;
    const s = await subscribe(trial);
    await advanceTo("2027-03-03");
    await changeProduct(s, pro);
    expect(await prorations(s.id)).toEqual([]);
    expect(await prepaid(s.account)).toBe("0.00");
  });
});
