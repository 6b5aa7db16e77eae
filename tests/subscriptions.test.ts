import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { expectError, FORMATS, listed, makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway, outboxEvents } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";

const clock = new ManualClock("2026-03-01T12:00:00Z");
afterEach(() => useClock(systemClock));

let t: Tenant;
let group: any;
let product: any;
beforeAll(async () => {
  t = await makeTenant();
  await makeGateway(t);
  group = await makeGroup(t, {
    action_url: "https://hooks.example.com/orders",
    VAR1: JSON.stringify({ name: "Plan colour", type: "Options", options: ["red", "blue"], prompt: "Y" }),
    VAR2: JSON.stringify({ name: "Nickname", type: "TEXT" }),
  });
  product = await makeProduct(t, group.product_group_id, { setup_fee: "5.00", recurring_price: "20.00" });
});

const create = (format: string, params: Record<string, string>, tenant = t) =>
  call(format, "Subscription/Create", { method: "POST", creds: tenant, params: { override_initial_billing: "N", auto_pay: "Y", ...params } });

const subscribe = async (params: Record<string, string> = {}) => {
  const account = params.customer_account_id ?? (await makeAccount(t));
  const r = await create("json", { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y", ...params });
  expect(r.status, r.text).toBe(200);
  return r.body.subscription;
};

describe("Subscription/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: charges the initial cost to a verified card and starts the period`, async () => {
      useClock(clock);
      const account = await makeAccount(t);
      const card = await makeCard(t, account);
      const extra = await makeComponent(t, group.product_group_id, { unit_price: "3.50", setup_fee: "1.25" });
      const r = await create(format, {
        customer_account_id: account,
        product_id: product.product_id,
        pay_method_id: card,
        attached_components: JSON.stringify([{ component_id: extra.component_id, units: "1" }]),
        VAR1: "blue",
        custom_field_1: "order-7",
      });
      expect(r.status, r.text).toBe(200);
      const s = r.body.subscription;
      expect(s).toMatchObject({ status: "1", auto_pay: "Y", start_date: "3/1/2026", renewal_date: "3/31/2026", VAR1: "blue", custom_field_1: "order-7" });
      // Renewal: 20.00 + 3.50.
      expect(s.next_renewal_amount).toBe("23.50");
      const list = await ok(t, "json", "Invoice/List", { params: { subscription_id: s.subscription_id } });
      expect(list.invoices).toHaveLength(1);
      // Up front: 5.00 + 1.25 setup, 20.00 + 3.50 first period = 29.75, paid by the card.
      expect(list.invoices[0]).toMatchObject({ total: "29.75", balance: "0.00", status: "1" });
      const payments = await ok(t, "json", "Payment/List", { params: { invoice_id: list.invoices[0].invoice_id } });
      expect(payments.payments[0]).toMatchObject({ amount: "29.75", pay_method_id: card });
    });
  }

  it("emits Subscription/Create and posts new_subscription with the order variables", async () => {
    const s = await subscribe({ VAR1: "red", VAR2: "Bobby" });
    const emails = await outboxEvents(t, "Subscription/Create");
    expect(emails.some((e) => e.payload.subscription.subscription_id === s.subscription_id)).toBe(true);
    const posts = (await outboxEvents(t, "post/action_url")).map((e) => e.payload);
    const mine = posts.find((p) => p.fields.some(([k, v]: string[]) => k === "subscription_id" && v === s.subscription_id));
    expect(mine.url).toBe("https://hooks.example.com/orders");
    expect(Object.fromEntries(mine.fields)).toMatchObject({ event: "new_subscription", VAR1: "red", VAR2: "Bobby" });
  });

  it("override_initial_billing Y marks the initial invoice paid with the third party's transaction", async () => {
    const s = await subscribe({ payment_gateway: "PayPal", payment_transaction_id: "PP-123" });
    const inv = (await ok(t, "json", "Invoice/List", { params: { subscription_id: s.subscription_id } })).invoices[0];
    expect(inv).toMatchObject({ status: "1", balance: "0.00" });
    const pay = (await ok(t, "json", "Payment/List", { params: { invoice_id: inv.invoice_id } })).payments[0];
    expect(pay).toMatchObject({ payment_gateway: "PayPal", payment_transaction_id: "PP-123" });
  });

  it("without a pay method or override the initial invoice stays unpaid", async () => {
    const account = await makeAccount(t);
    const r = await create("json", { customer_account_id: account, product_id: product.product_id, auto_pay: "N" });
    expect(r.status, r.text).toBe(200);
    const inv = (await ok(t, "json", "Invoice/List", { params: { subscription_id: r.body.subscription.subscription_id } })).invoices[0];
    expect(inv).toMatchObject({ status: "0", balance: "25.00" });
  });

  it("a declined card refuses the subscription (402) and creates nothing", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
    const r = await create("xml", { customer_account_id: account, product_id: product.product_id, pay_method_id: card });
    expectError(r, 402, "PAYMENT_DECLINED", "pay_method_id");
    expect((await ok(t, "json", "Subscription/List", { params: { customer_account_id: account } })).count).toBe("0");
  });

  it("refuses an unverified pay method (Errors 2)", async () => {
    const account = await makeAccount(t);
    const bank = (
      await ok(t, "json", "PayMethod/Create", {
        method: "POST",
        params: { customer_account_id: account, pay_method_type: "BA", account_number: "000123456789", routing_number: "110000000", holder_name: "Ann Bank" },
      })
    ).pay_method.pay_method_id;
    for (const format of FORMATS) {
      expectError(
        await create(format, { customer_account_id: account, product_id: product.product_id, pay_method_id: bank }),
        409,
        "INVALID_STATE",
        "pay_method_id",
      );
    }
  });

  it("refuses payment_gateway and payment_transaction_id without override", async () => {
    const account = await makeAccount(t);
    for (const p of ["payment_gateway", "payment_transaction_id"]) {
      expectError(await create("json", { customer_account_id: account, product_id: product.product_id, [p]: "x" }), 400, "INVALID_PARAMETER", p);
    }
  });

  it("checks attached_components: same group, traditional units 1, not suspended, valid JSON", async () => {
    const account = await makeAccount(t);
    const otherGroup = await makeGroup(t);
    const foreign = await makeComponent(t, otherGroup.product_group_id);
    const trad = await makeComponent(t, group.product_group_id);
    const suspended = await makeComponent(t, group.product_group_id);
    await ok(t, "json", "Component/Suspend", { method: "PATCH", params: { component_id: suspended.component_id } });
    const base = { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y" };
    const cases: [string, number, string][] = [
      [JSON.stringify([{ component_id: foreign.component_id, units: "1" }]), 400, "INVALID_PARAMETER"],
      [JSON.stringify([{ component_id: trad.component_id, units: "2" }]), 400, "INVALID_PARAMETER"],
      [JSON.stringify([{ component_id: suspended.component_id, units: "1" }]), 409, "INVALID_STATE"],
      ["[{component_id:", 400, "INVALID_PARAMETER"],
      [JSON.stringify([{ component_id: trad.component_id, units: "one" }]), 400, "INVALID_PARAMETER"],
    ];
    for (const [json, status, code] of cases) expectError(await create("json", { ...base, attached_components: json }), status, code, "attached_components");
    expect((await ok(t, "json", "Subscription/List", { params: { customer_account_id: account } })).count).toBe("0");
  });

  it("coupons: several only when all stackable; one that does not qualify is refused", async () => {
    const account = await makeAccount(t);
    const a = await makeCoupon(t, { stackable: "Y", duration: "forever" });
    const b = await makeCoupon(t, { stackable: "N" });
    const c = await makeCoupon(t, { stackable: "Y", duration: "forever" });
    const expired = await makeCoupon(t, { expiration_date: "1/1/2020" });
    const base = { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y" };
    expectError(await create("json", { ...base, coupon_code: `${a.coupon_code},${b.coupon_code}` }), 400, "INVALID_PARAMETER", "coupon_code");
    expectError(await create("json", { ...base, coupon_code: expired.coupon_code }), 409, "INVALID_STATE", "coupon_code");
    expectError(await create("json", { ...base, coupon_code: "NO-SUCH-CODE" }), 404, "NOT_FOUND", "coupon_code");
    const r = await create("json", { ...base, coupon_code: `${a.coupon_code}, ${c.coupon_code}` });
    expect(r.status, r.text).toBe(200);
    expect(r.body.subscription.coupons.map((x: any) => x.qualification_status)).toEqual(["qualified", "qualified"]);
    // A "once" coupon discounts the up-front charge, so it no longer qualifies for the next cycle.
    const once = await makeCoupon(t, { duration: "once" });
    const r2 = await create("json", { ...base, coupon_code: once.coupon_code });
    expect(r2.body.subscription.coupons[0]).toMatchObject({
      qualification_status: "disqualified",
      disqualification_reason: "one_time_used",
      cycles_applied: "1",
    });
  });

  it("VARn: an Options variable takes only its options; an undefined slot is refused", async () => {
    const account = await makeAccount(t);
    const base = { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y" };
    expectError(await create("json", { ...base, VAR1: "green" }), 400, "INVALID_PARAMETER", "VAR1");
    expectError(await create("json", { ...base, VAR5: "x" }), 400, "INVALID_PARAMETER", "VAR5");
  });

  it("refuses suspended or deleted products and groups", async () => {
    const account = await makeAccount(t);
    const p2 = await makeProduct(t, group.product_group_id);
    await ok(t, "json", "Product/Suspend", { method: "PATCH", params: { product_id: p2.product_id } });
    expectError(
      await create("json", { customer_account_id: account, product_id: p2.product_id, override_initial_billing: "Y" }),
      409,
      "INVALID_STATE",
      "product_id",
    );
    const g2 = await makeGroup(t);
    const p3 = await makeProduct(t, g2.product_group_id);
    await ok(t, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: g2.product_group_id } });
    expectError(
      await create("xml", { customer_account_id: account, product_id: p3.product_id, override_initial_billing: "Y" }),
      409,
      "INVALID_STATE",
      "product_id",
    );
  });

  it("another brand's account, product or pay method is 404 and nothing is created", async () => {
    const other = await makeTenant();
    const theirAccount = await makeAccount(other);
    const mine = await makeAccount(t);
    expectError(await create("json", { customer_account_id: theirAccount, product_id: product.product_id }), 404, "NOT_FOUND", "customer_account_id");
    const theirGroup = await makeGroup(other);
    const theirProduct = await makeProduct(other, theirGroup.product_group_id);
    expectError(await create("json", { customer_account_id: mine, product_id: theirProduct.product_id }), 404, "NOT_FOUND", "product_id");
    expect((await ok(other, "json", "Subscription/List")).count).toBe("0");
  });
});

describe("Subscription/Estimate", () => {
  it("answers the up-front charge, the first renewal and the lines behind each, in json and xml", async () => {
    useClock(clock);
    const account = await makeAccount(t);
    const trialProduct = await makeProduct(t, group.product_group_id, {
      trial: "Y",
      trial_interval: "14",
      trial_price: "1.00",
      auto_pay_discount: "Y",
      auto_pay_discount_amount: "2.00",
    });
    const coupon = await makeCoupon(t, { discount_type: "amount", discount_value: "3.00", duration: "forever" });
    const params = { customer_account_id: account, product_id: trialProduct.product_id, coupon_code: coupon.coupon_code };
    const j = (await ok(t, "json", "Subscription/Estimate", { params })).estimate;
    expect(j).toMatchObject({
      upfront_total: "6.00",
      trial: "Y",
      next_renewal_date: "3/15/2026",
      next_renewal_total: "16.99",
      next_renewal_total_with_auto_pay: "14.99",
      tax: "0.00",
    });
    expect(j.upfront_lines.map((l: any) => [l.kind, l.amount])).toEqual([
      ["setup_fee", "5.00"],
      ["trial", "1.00"],
    ]);
    const x = (await ok(t, "xml", "Subscription/Estimate", { params })).estimate;
    expect(x.next_renewal_lines.next_renewal_line.map((l: any) => l.amount)).toEqual(["19.99", "-3.00"]);
    // Nothing was created.
    expect((await ok(t, "json", "Subscription/List", { params: { customer_account_id: account } })).count).toBe("0");
  });
  // Issue 32: auto_pay prices every figure with one assumption; absent, the spec's answer as before
  // (the up-front charge with auto pay, next_renewal_total without).
  for (const format of FORMATS) {
    it(`${format}: auto_pay Y or N prices the up-front charge and the renewal alike; absent keeps the spec's answer`, async () => {
      useClock(clock);
      const account = await makeAccount(t);
      const discounted = await makeProduct(t, group.product_group_id, { auto_pay_discount: "Y", auto_pay_discount_amount: "2.00" });
      const estimate = async (extra: Record<string, string>) =>
        (await ok(t, format, "Subscription/Estimate", { params: { customer_account_id: account, product_id: discounted.product_id, ...extra } })).estimate;
      const figures = (e: any) => [e.auto_pay ?? "", e.upfront_total, e.next_renewal_total, e.next_renewal_total_with_auto_pay];
      expect(figures(await estimate({}))).toEqual(["", "22.99", "19.99", "17.99"]);
      expect(figures(await estimate({ auto_pay: "Y" }))).toEqual(["Y", "22.99", "17.99", "17.99"]);
      expect(figures(await estimate({ auto_pay: "N" }))).toEqual(["N", "24.99", "19.99", "17.99"]);
      // The lines agree with the totals: no auto pay discount line without auto pay.
      const no = await estimate({ auto_pay: "N" });
      const kinds = (lines: any) => [format === "json" ? lines : Object.values(lines)[0]].flat().map((l: any) => l.kind);
      expect(kinds(no.upfront_lines)).not.toContain("auto_pay_discount");
      expect(kinds((await estimate({ auto_pay: "Y" })).next_renewal_lines)).toContain("auto_pay_discount");
      // Create charges what the estimate said.
      const created = await create("json", { customer_account_id: account, product_id: discounted.product_id, override_initial_billing: "Y", auto_pay: "N" });
      const invoice = (await ok(t, "json", "Invoice/List", { params: { subscription_id: created.body.subscription.subscription_id } })).invoices[0];
      expect(invoice.total).toBe("24.99");
      const r = await call(format, "Subscription/Estimate", {
        creds: t,
        params: { customer_account_id: account, product_id: discounted.product_id, auto_pay: "yes" },
      });
      expectError(r, 400, "INVALID_PARAMETER", "auto_pay");
    });
  }
  // Issue 14 item 7: pay_method_id is there to confirm its status (spec), so Estimate answers it.
  for (const format of FORMATS) {
    it(`${format}: answers the status of the pay method it is given, verified or not, instead of refusing`, async () => {
      const account = await makeAccount(t);
      const bank = (
        await ok(t, "json", "PayMethod/Create", {
          method: "POST",
          params: { customer_account_id: account, pay_method_type: "BA", account_number: "000123456789", routing_number: "110000000", holder_name: "Ann Bank" },
        })
      ).pay_method.pay_method_id;
      const card = await makeCard(t, account);
      const gone = await makeCard(t, account);
      await ok(t, "json", "PayMethod/Delete", { method: "DELETE", params: { customer_account_id: account, pay_method_id: gone } });
      const status = async (pay_method_id: string) =>
        (await ok(t, format, "Subscription/Estimate", { params: { customer_account_id: account, product_id: product.product_id, pay_method_id } })).estimate
          .pay_method_status;
      expect([await status(bank), await status(card), await status(gone)]).toEqual(["unverified", "verified", "deleted"]);
      const stranger = await makeAccount(t);
      const r = await call(format, "Subscription/Estimate", {
        creds: t,
        params: { customer_account_id: stranger, product_id: product.product_id, pay_method_id: card },
      });
      expectError(r, 404, "NOT_FOUND", "pay_method_id");
    });
  }
});

describe("Subscription/List", () => {
  it("filters by id, account, status and custom fields; at most 100", async () => {
    const account = await makeAccount(t);
    const a = await subscribe({ customer_account_id: account, custom_field_2: "vip" });
    const b = await subscribe({ customer_account_id: account });
    await ok(t, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: b.subscription_id } });
    expect((await ok(t, "json", "Subscription/List", { params: { customer_account_id: account } })).count).toBe("2");
    const active = await ok(t, "xml", "Subscription/List", { params: { customer_account_id: account, status: "1" } });
    expect(listed("xml", active, "subscriptions").map((s) => s.subscription_id)).toEqual([a.subscription_id]);
    expect((await ok(t, "json", "Subscription/List", { params: { custom_field_2: "vip" } })).subscriptions[0].subscription_id).toBe(a.subscription_id);
    expect((await ok(t, "json", "Subscription/List", { params: { subscription_id: b.subscription_id } })).subscriptions[0].status).toBe("2");
    expectError(await call("json", "Subscription/List", { creds: t, params: { status: "4" } }), 400, "INVALID_PARAMETER", "status");
  });

  it("coupons that no longer qualify carry qualification_status disqualified (XML attribute)", async () => {
    const coupon = await makeCoupon(t, { duration: "forever" });
    const s = await subscribe({ coupon_code: coupon.coupon_code });
    await ok(t, "json", "Coupon/Update", { method: "PATCH", params: { coupon_id: coupon.coupon_id, status: "inactive" } });
    const x = await call("xml", "Subscription/List", { creds: t, params: { subscription_id: s.subscription_id } });
    expect(x.text).toMatch(/<coupons><coupon qualification_status="disqualified"><coupon_id>/);
    const j = (await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0];
    expect(j.coupons[0]).toMatchObject({ qualification_status: "disqualified", disqualification_reason: "status", coupon_code: coupon.coupon_code });
  });
});

// Issue 14 item 12: the spec's field names, in the shape of the request parameters.
describe("Subscription fields named as in the spec", () => {
  for (const format of FORMATS) {
    it(`${format}: answers attached_components and coupon_code as they are sent, beside components and coupons`, async () => {
      const extra = await makeComponent(t, group.product_group_id, { unit_price: "1.00" });
      const seats = await makeComponent(t, group.product_group_id, { component_type: "quantitative", unit_price: "2.00" });
      const [a, b] = [await makeCoupon(t, { stackable: "Y" }), await makeCoupon(t, { stackable: "Y" })];
      const attached = [
        { component_id: extra.component_id, units: "1" },
        { component_id: seats.component_id, units: "4" },
      ];
      const account = await makeAccount(t);
      const params = {
        customer_account_id: account,
        product_id: product.product_id,
        override_initial_billing: "Y",
        attached_components: JSON.stringify(attached),
        coupon_code: `${a.coupon_code},${b.coupon_code}`,
      };
      const created = (await ok(t, format, "Subscription/Create", { method: "POST", params: { auto_pay: "N", ...params } })).subscription;
      const listed = (await ok(t, format, "Subscription/List", { params: { subscription_id: created.subscription_id } })).subscriptions;
      for (const s of [created, format === "json" ? listed[0] : listed.subscription]) {
        // XML: <attached_components><attached_component><component_id>…</component_id><units>4</units></attached_component>…
        const got = format === "json" ? s.attached_components : s.attached_components.attached_component;
        expect([...got].sort((x: any, y: any) => x.units.localeCompare(y.units))).toEqual(attached);
        expect(s.coupon_code.split(",").sort()).toEqual([a.coupon_code, b.coupon_code].sort());
      }
      const bare = await subscribe({ customer_account_id: account });
      expect([bare.attached_components, bare.coupon_code]).toEqual([[], ""]);
    });
  }
});

describe("Subscription/Update", () => {
  it("sets what is sent, clears what is sent empty, keeps the rest; the next charge follows", async () => {
    const s = await subscribe({ VAR2: "first", custom_field_1: "keep" });
    const comp = await makeComponent(t, group.product_group_id, { unit_price: "2.00" });
    const body = await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: {
        subscription_id: s.subscription_id,
        customer_account_id: s.customer_account_id,
        auto_pay: "N",
        attached_components: JSON.stringify([{ component_id: comp.component_id, units: 1 }]),
        VAR2: "",
      },
    });
    expect(body.subscription).toMatchObject({ auto_pay: "N", VAR2: "", custom_field_1: "keep", next_renewal_amount: "22.00" });
    expect(body.subscription.components).toHaveLength(1);
    const cleared = await ok(t, "xml", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: s.subscription_id, customer_account_id: s.customer_account_id, auto_pay: "N", attached_components: "" },
    });
    expect(cleared.subscription.next_renewal_amount).toBe("20.00");
  });

  it("payment_transaction_id only for override subscriptions; renewal_date must not be in the past; deleted refused", async () => {
    const account = await makeAccount(t);
    const plain = (await create("json", { customer_account_id: account, product_id: product.product_id, auto_pay: "N" })).body.subscription;
    const base = { subscription_id: plain.subscription_id, customer_account_id: account, auto_pay: "N" };
    expectError(
      await call("json", "Subscription/Update", { method: "POST", creds: t, params: { ...base, payment_transaction_id: "X" } }),
      409,
      "INVALID_STATE",
      "payment_transaction_id",
    );
    expectError(
      await call("json", "Subscription/Update", { method: "POST", creds: t, params: { ...base, renewal_date: "1/1/2020" } }),
      400,
      "INVALID_PARAMETER",
      "renewal_date",
    );
    expectError(
      await call("json", "Subscription/Update", { method: "POST", creds: t, params: { ...base, renewal_date: "2/30/2030" } }),
      400,
      "INVALID_PARAMETER",
      "renewal_date",
    );
    const moved = await ok(t, "json", "Subscription/Update", { method: "POST", params: { ...base, renewal_date: "12/24/2030" } });
    expect(moved.subscription.renewal_date).toBe("12/24/2030");
    await ok(t, "json", "Subscription/Delete", { method: "DELETE", params: { subscription_id: plain.subscription_id } });
    expectError(await call("json", "Subscription/Update", { method: "POST", creds: t, params: base }), 409, "INVALID_STATE", "subscription_id");
  });

  it("a subscription of another customer account is not found", async () => {
    const s = await subscribe();
    const stranger = await makeAccount(t);
    expectError(
      await call("json", "Subscription/Update", {
        method: "POST",
        creds: t,
        params: { subscription_id: s.subscription_id, customer_account_id: stranger, auto_pay: "N" },
      }),
      404,
      "NOT_FOUND",
      "subscription_id",
    );
  });
});

describe("Subscription/ChangeProduct", () => {
  it("moves within the group; across groups only without components or with remove_components Y (Errors 1)", async () => {
    const comp = await makeComponent(t, group.product_group_id);
    const s = await subscribe({ attached_components: JSON.stringify([{ component_id: comp.component_id, units: "1" }]) });
    const sameGroup = await makeProduct(t, group.product_group_id, { recurring_price: "30.00" });
    const base = { subscription_id: s.subscription_id, customer_account_id: s.customer_account_id };
    const moved = await ok(t, "json", "Subscription/ChangeProduct", { method: "POST", params: { ...base, product_id: sameGroup.product_id } });
    expect(moved.subscription.product_id).toBe(sameGroup.product_id);
    const g2 = await makeGroup(t);
    const elsewhere = await makeProduct(t, g2.product_group_id);
    for (const format of FORMATS) {
      expectError(
        await call(format, "Subscription/ChangeProduct", { method: "POST", creds: t, params: { ...base, product_id: elsewhere.product_id } }),
        409,
        "INVALID_STATE",
        "remove_components",
      );
    }
    const across = await ok(t, "xml", "Subscription/ChangeProduct", {
      method: "POST",
      params: { ...base, product_id: elsewhere.product_id, remove_components: "Y" },
    });
    expect(across.subscription).toMatchObject({ product_id: elsewhere.product_id, product_group_id: g2.product_group_id });
    const posts = (await outboxEvents(t, "post/action_url")).map((e) => Object.fromEntries(e.payload.fields));
    expect(posts.some((p) => p.event === "swap_subscription" && p.subscription_id === s.subscription_id)).toBe(true);
  });
});

describe("Subscription/Suspend, Delete, Restore", () => {
  it("suspend -> restore -> delete; a deleted subscription cannot be restored (Errors 3)", async () => {
    const s = await subscribe();
    const id = { subscription_id: s.subscription_id };
    expect((await ok(t, "json", "Subscription/Suspend", { method: "PATCH", params: id })).subscription.status).toBe("2");
    expectError(await call("json", "Subscription/Suspend", { method: "PATCH", creds: t, params: id }), 409, "INVALID_STATE");
    expect((await ok(t, "xml", "Subscription/Restore", { method: "PATCH", params: id })).subscription.status).toBe("1");
    expectError(await call("json", "Subscription/Restore", { method: "PATCH", creds: t, params: id }), 409, "INVALID_STATE");
    expect((await ok(t, "json", "Subscription/Delete", { method: "DELETE", params: id })).subscription.status).toBe("3");
    for (const format of FORMATS)
      expectError(await call(format, "Subscription/Restore", { method: "PATCH", creds: t, params: id }), 409, "INVALID_STATE", "subscription_id");
    expect((await outboxEvents(t, "Subscription/Suspend")).some((e) => e.payload.subscription.subscription_id === s.subscription_id)).toBe(true);
    expect((await outboxEvents(t, "Subscription/Delete")).some((e) => e.payload.subscription.subscription_id === s.subscription_id)).toBe(true);
    const events = (await outboxEvents(t, "post/action_url"))
      .map((e) => Object.fromEntries(e.payload.fields))
      .filter((p) => p.subscription_id === s.subscription_id)
      .map((p) => p.event);
    expect(events).toEqual(["new_subscription", "status_subscription", "status_subscription", "cancel_subscrption"]);
  });
});

// Issue 14 item 11: any -> deleted; a repeated delete succeeds and announces nothing again.
describe("Subscription/Delete again", () => {
  for (const format of FORMATS) {
    it(`${format}: deleting a deleted subscription succeeds and changes nothing`, async () => {
      const s = await subscribe();
      const id = { subscription_id: s.subscription_id };
      const first = (await ok(t, format, "Subscription/Delete", { method: "DELETE", params: id })).subscription;
      const again = (await ok(t, format, "Subscription/Delete", { method: "DELETE", params: id })).subscription;
      expect([again.status, again.deleted, again.updated]).toEqual(["3", first.deleted, first.updated]);
      const mine = (e: any) => e.payload.subscription.subscription_id === s.subscription_id;
      expect((await outboxEvents(t, "Subscription/Delete")).filter(mine)).toHaveLength(1);
    });
  }
});

describe("Subscription/ReportUsage", () => {
  it("additive and cumulative for metered and quantitative components; refused for traditional or unattached", async () => {
    const metered = await makeComponent(t, group.product_group_id, { component_type: "metered", unit_price: "0.10", starting_quantity: "100" });
    const seats = await makeComponent(t, group.product_group_id, {
      component_type: "quantitative",
      unit_price: "5.00",
      starting_quantity: "1",
      maximum_units: "10",
    });
    const trad = await makeComponent(t, group.product_group_id);
    const unattached = await makeComponent(t, group.product_group_id, { component_type: "metered", unit_price: "1.00" });
    const s = await subscribe({
      attached_components: JSON.stringify([
        { component_id: metered.component_id, units: "0" },
        { component_id: seats.component_id, units: "2" },
        { component_id: trad.component_id, units: "1" },
      ]),
    });
    const report = (component_id: string, units: string, expression_type: string, format = "json") =>
      call(format, "Subscription/ReportUsage", {
        method: "PATCH",
        creds: t,
        params: { subscription_id: s.subscription_id, customer_account_id: s.customer_account_id, component_id, units, expression_type },
      });
    await report(metered.component_id, "150", "additive");
    const r = await report(metered.component_id, "70", "additive", "xml");
    expect(r.status, r.text).toBe(200);
    let sub = (await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0];
    expect(sub.components.find((c: any) => c.component_id === metered.component_id).usage).toBe("220");
    await report(metered.component_id, "40", "cumulative");
    await report(seats.component_id, "5", "cumulative");
    sub = (await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0];
    expect(sub.components.map((c: any) => [c.usage, c.units])).toEqual([
      ["40", "0"],
      ["0", "5"],
      ["0", "1"],
    ]);
    // 20.00 + (5 - 1) * 5.00 + traditional 4.99 = 44.99 (metered usage is billed at the renewal).
    expect(sub.next_renewal_amount).toBe("44.99");
    expectError(await report(seats.component_id, "11", "cumulative"), 400, "INVALID_PARAMETER", "units");
    expectError(await report(trad.component_id, "1", "additive"), 409, "INVALID_STATE", "component_id");
    expectError(await report(unattached.component_id, "1", "additive"), 404, "NOT_FOUND", "component_id");
    expectError(await report(metered.component_id, "1", "sometimes"), 400, "INVALID_PARAMETER", "expression_type");
    expectError(await report(metered.component_id, "-1", "additive"), 400, "INVALID_PARAMETER", "units");
  });
});

describe("Subscription/UpdateAutoPay", () => {
  it("sets auto pay and the pay method (verified, the account's own)", async () => {
    const s = await subscribe({ auto_pay: "N" });
    const card = await makeCard(t, s.customer_account_id);
    const base = { subscription_id: s.subscription_id, customer_account_id: s.customer_account_id };
    const body = await ok(t, "xml", "Subscription/UpdateAutoPay", { method: "PATCH", params: { ...base, auto_pay: "Y", pay_method_id: card } });
    expect(body.subscription).toMatchObject({ auto_pay: "Y", pay_method_id: card });
    const strangersCard = await makeCard(t, await makeAccount(t));
    expectError(
      await call("json", "Subscription/UpdateAutoPay", { method: "PATCH", creds: t, params: { ...base, auto_pay: "Y", pay_method_id: strangersCard } }),
      404,
      "NOT_FOUND",
      "pay_method_id",
    );
    expectError(
      await call("json", "Subscription/UpdateAutoPay", { method: "PATCH", creds: t, params: { ...base, auto_pay: "maybe" } }),
      400,
      "INVALID_PARAMETER",
      "auto_pay",
    );
  });
});

describe("catalog deletions", () => {
  it("a deleted product is removed from its subscriptions and not reattached on restore", async () => {
    const p = await makeProduct(t, group.product_group_id);
    const s = await subscribe({ product_id: p.product_id });
    await ok(t, "json", "Product/Delete", { method: "DELETE", params: { product_id: p.product_id } });
    await ok(t, "json", "Product/Restore", { method: "PATCH", params: { product_id: p.product_id } });
    const after = (await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0];
    expect(after.product_id).toBe("");
  });

  it("a deleted group ends its subscriptions, which its restore does not bring back", async () => {
    const g = await makeGroup(t);
    const p = await makeProduct(t, g.product_group_id);
    const s = await subscribe({ product_id: p.product_id });
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: g.product_group_id } });
    await ok(t, "json", "ProductGroup/Restore", { method: "PATCH", params: { product_group_id: g.product_group_id } });
    expect((await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0].status).toBe("3");
  });

  it("a deleted component leaves its subscriptions", async () => {
    const c = await makeComponent(t, group.product_group_id);
    const s = await subscribe({ attached_components: JSON.stringify([{ component_id: c.component_id, units: "1" }]) });
    await ok(t, "json", "Component/Delete", { method: "DELETE", params: { component_id: c.component_id } });
    expect((await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } })).subscriptions[0].components).toEqual([]);
  });
});
