import { afterEach, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { brands, invoices, type InvoiceLine } from "../db/schema";
import { systemContext, withDb } from "../lib/auth/context";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { createInvoiceForSubscription } from "../lib/invoices/create-invoice-for-subscription";
import { newId } from "../lib/ids";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { subscriptionFor } from "./support/fixtures";
import { expectRefusal, FORMATS, getInvoice, items, makeAccount, makeInvoice, outboxEvents } from "./support/payments";

let t: Tenant;
let account: string;
beforeAll(async () => {
  t = await makeTenant();
  account = await makeAccount(t);
});
afterEach(() => useClock(systemClock));

async function billingContext(tenant: Tenant) {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, tenant.brand_id));
  return systemContext(db, brand);
}

const createParams = (extra: Record<string, string> = {}) => ({ customer_account_id: account, due_date: "3/15/2026", ...extra });

describe("Invoice/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: a manual invoice totals its items; balance, status and nested items are answered`, async () => {
      const r = await call(format, "Invoice/Create", {
        method: "POST",
        creds: t,
        params: createParams({
          attached_items: JSON.stringify([
            { item_name: "Setup", item_price: "25.50", tax_exempt: "Y" },
            { item_name: "Hours", item_price: 40, tax_exempt: "N", quantity: "3" },
          ]),
          custom_field_1: "PO-1",
        }),
      });
      expect(r.status, r.text).toBe(200);
      const inv = r.body.invoice;
      expect(inv).toMatchObject({
        customer_account_id: account,
        due_date: "3/15/2026",
        status: "0",
        total: "145.50",
        amount_paid: "0.00",
        balance: "145.50",
        custom_field_1: "PO-1",
        subscription_id: "",
      });
      const lines = format === "json" ? inv.items : inv.items.item;
      expect(lines).toEqual([
        { item_name: "Setup", item_price: "25.50", quantity: "1", tax_exempt: "Y", kind: "item", component_id: "" },
        { item_name: "Hours", item_price: "40.00", quantity: "3", tax_exempt: "N", kind: "item", component_id: "" },
      ]);
      const events = await outboxEvents(t, "Invoice/Create");
      expect(events.at(-1)!.payload).toMatchObject({
        invoice: { invoice_id: inv.invoice_id, total: "145.50", amount_due: "145.50" },
        customer: { customer_account_id: account },
      });
    });
  }

  // Issue 14 item 12: the spec's field name, in the shape attached_items is sent in.
  for (const format of FORMATS) {
    it(`${format}: answers attached_items as sent, beside items, in Create and List`, async () => {
      const sent = [
        { item_name: "Setup", item_price: "25.50", tax_exempt: "Y", quantity: "1" },
        { item_name: "Hours", item_price: "40.00", tax_exempt: "N", quantity: "3" },
      ];
      const created = (await ok(t, format, "Invoice/Create", { method: "POST", params: createParams({ attached_items: JSON.stringify(sent) }) })).invoice;
      const listed = (await ok(t, format, "Invoice/List", { params: { invoice_id: created.invoice_id } })).invoices;
      for (const inv of [created, format === "json" ? listed[0] : listed.invoice]) {
        // XML: <attached_items><attached_item><item_name>…</item_name>…</attached_item>…</attached_items>
        expect(format === "json" ? inv.attached_items : inv.attached_items.attached_item).toEqual(sent);
      }
      const empty = (await ok(t, format, "Invoice/Create", { method: "POST", params: createParams() })).invoice;
      expect(empty.attached_items).toEqual(format === "json" ? [] : "");
    });
  }

  it("validates attached_items item by item, changing nothing on a refusal", async () => {
    const before = (await ok(t, "json", "Invoice/List", { params: { customer_account_id: account } })).total;
    const bad: [string, RegExp][] = [
      ["not json", /valid JSON/],
      ['{"item_name":"x"}', /expected array/i],
      [
        JSON.stringify([
          { item_name: "A", item_price: "1.00", tax_exempt: "N" },
          { item_name: "B", item_price: "1.999", tax_exempt: "N" },
        ]),
        /at 1\.item_price/,
      ],
      [JSON.stringify([{ item_name: "", item_price: "1.00", tax_exempt: "N" }]), /at 0\.item_name/],
      [JSON.stringify([{ item_name: "A", item_price: "-1.00", tax_exempt: "N" }]), /at 0\.item_price/],
      [JSON.stringify([{ item_name: "A", item_price: "1.00", tax_exempt: "maybe" }]), /at 0\.tax_exempt/],
      [JSON.stringify([{ item_name: "A", item_price: "1.00", colour: "red" }]), /colour/],
      [JSON.stringify([{ item_name: "A", item_price: 0.1 + 0.2 }]), /at 0\.item_price/],
    ];
    for (const [value, message] of bad) {
      const r = await call("json", "Invoice/Create", { method: "POST", creds: t, params: createParams({ attached_items: value }) });
      expectRefusal(r, 400, "INVALID_PARAMETER", "attached_items");
      expect(r.body.exception.message).toMatch(message);
    }
    expectRefusal(
      await call("xml", "Invoice/Create", { method: "POST", creds: t, params: createParams({ due_date: "2/30/2026" }) }),
      400,
      "INVALID_PARAMETER",
      "due_date",
    );
    expectRefusal(
      await call("xml", "Invoice/Create", { method: "POST", creds: t, params: { customer_account_id: account } }),
      400,
      "MISSING_PARAMETER",
      "due_date",
    );
    expect((await ok(t, "json", "Invoice/List", { params: { customer_account_id: account } })).total).toBe(before);
  });

  it("an invoice without items is paid (nothing owed); a tax-exempt account's items are all tax exempt", async () => {
    const empty = await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams() });
    expect(empty.invoice).toMatchObject({ total: "0.00", balance: "0.00", status: "1", items: [] });
    const exempt = await ok(t, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "Tax",
        last_name: "Free",
        email_address: `taxfree-${newId()}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "UTC",
        tax_exempt: "Y",
        skip_notification: "Y",
      },
    });
    const inv = await ok(t, "json", "Invoice/Create", {
      method: "POST",
      params: {
        customer_account_id: exempt.customer_account.customer_account_id,
        due_date: "1/1/2027",
        attached_items: JSON.stringify([
          { item_name: "A", item_price: "5" },
          { item_name: "B", item_price: "5", tax_exempt: "N" },
        ]),
      },
    });
    expect(inv.invoice.items.map((i: any) => i.tax_exempt)).toEqual(["Y", "Y"]);
  });

  it("auto_subscription_id (for testing) makes the invoice behave as generated for that subscription", async () => {
    const sub = await subscriptionFor(t, account);
    const inv = await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams({ auto_subscription_id: sub, attached_items: items("9.99") }) });
    expect(inv.invoice.subscription_id).toBe(sub);
    const update = await call("json", "Invoice/Update", {
      method: "PATCH",
      creds: t,
      params: { invoice_id: inv.invoice.invoice_id, customer_account_id: account, due_date: "4/1/2026" },
    });
    expectRefusal(update, 409, "INVALID_STATE", "invoice_id");
  });

  // Issue 14 item 13: auto_subscription_id must be a subscription of this brand (and account).
  for (const format of FORMATS) {
    it(`${format}: auto_subscription_id of another brand, another account or no subscription at all is 404, and creates nothing`, async () => {
      const other = await makeTenant();
      const theirs = await subscriptionFor(other, await makeAccount(other));
      const anotherAccounts = await subscriptionFor(t, await makeAccount(t));
      const before = (await ok(t, "json", "Invoice/List", { params: { customer_account_id: account } })).total;
      for (const sub of [theirs, anotherAccounts, newId(), "sub-1"]) {
        const r = await call(format, "Invoice/Create", {
          method: "POST",
          creds: t,
          params: createParams({ auto_subscription_id: sub, attached_items: items("1.00") }),
        });
        expectRefusal(r, 404, "NOT_FOUND", "auto_subscription_id");
      }
      expect((await ok(t, "json", "Invoice/List", { params: { customer_account_id: account } })).total).toBe(before);
    });
  }

  it("is refused for a deleted customer account", async () => {
    const gone = await makeAccount(t);
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: gone } });
    const r = await call("json", "Invoice/Create", { method: "POST", creds: t, params: { customer_account_id: gone, due_date: "1/1/2027" } });
    expectRefusal(r, 409, "INVALID_STATE", "customer_account_id");
  });

  it("the total is always the sum of the lines, in cents", async () => {
    const price = fc.integer({ min: 0, max: 100_000_000 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ cents: price, quantity: fc.integer({ min: 1, max: 50 }) }), { maxLength: 8 }), async (lines) => {
        const attached = lines.map((l, i) => ({ item_name: `L${i}`, item_price: (l.cents / 100).toFixed(2), quantity: String(l.quantity) }));
        const r = await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams({ attached_items: JSON.stringify(attached) }) });
        const expected = lines.reduce((s, l) => s + l.cents * l.quantity, 0);
        expect(r.invoice.total).toBe((expected / 100).toFixed(2));
        expect(r.invoice.balance).toBe(r.invoice.total);
        expect(r.invoice.status).toBe(expected === 0 ? "1" : "0");
      }),
      { numRuns: 25 },
    );
  });
});

describe("Invoice/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets due_date; attached_items replaces (absent keeps, empty removes); custom fields clear when empty`, async () => {
      const id = (
        await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams({ attached_items: items("10.00", "5.00"), custom_field_2: "keep" }) })
      ).invoice.invoice_id;
      const ref = { invoice_id: id, customer_account_id: account };
      const kept = await ok(t, format, "Invoice/Update", { method: "PATCH", params: { ...ref, due_date: "4/1/2026", custom_field_1: "set" } });
      expect(kept.invoice).toMatchObject({ due_date: "4/1/2026", total: "15.00", custom_field_1: "set", custom_field_2: "keep" });
      const replaced = await ok(t, format, "Invoice/Update", {
        method: "PATCH",
        params: { ...ref, due_date: "4/1/2026", attached_items: items("7.25"), custom_field_2: "" },
      });
      expect(replaced.invoice).toMatchObject({ total: "7.25", custom_field_2: "" });
      const emptied = await ok(t, format, "Invoice/Update", { method: "PATCH", params: { ...ref, due_date: "4/1/2026", attached_items: "" } });
      expect(emptied.invoice).toMatchObject({ total: "0.00", status: "1" });
    });
  }

  it("refuses invoices generated for a subscription (Errors 4), deleted ones, and a total below what was paid", async () => {
    const ctx = await billingContext(t);
    const { invoiceId } = await createInvoiceForSubscription(ctx, {
      customerAccountId: account,
      subscriptionId: newId(),
      periodStart: "2026-02-01",
      dueDate: "2026-02-01",
      lines: [{ itemName: "Plan", itemPrice: 2000, kind: "recurring" }],
    });
    for (const format of FORMATS) {
      const r = await call(format, "Invoice/Update", {
        method: "PATCH",
        creds: t,
        params: { invoice_id: invoiceId, customer_account_id: account, due_date: "4/1/2026" },
      });
      expectRefusal(r, 409, "INVALID_STATE", "invoice_id");
    }
    const paid = await makeInvoice(t, account, "10.00");
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: account, invoice_id: paid, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "6.00" },
    });
    const below = await call("json", "Invoice/Update", {
      method: "PATCH",
      creds: t,
      params: { invoice_id: paid, customer_account_id: account, due_date: "1/1/2027", attached_items: items("5.99") },
    });
    expectRefusal(below, 409, "INVALID_STATE", "attached_items");
    const enough = await ok(t, "json", "Invoice/Update", {
      method: "PATCH",
      params: { invoice_id: paid, customer_account_id: account, due_date: "1/1/2027", attached_items: items("6.00") },
    });
    expect(enough.invoice).toMatchObject({ total: "6.00", amount_paid: "6.00", balance: "0.00", status: "1" });

    const deleted = await makeInvoice(t, account, "1.00");
    await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: deleted, customer_account_id: account } });
    expectRefusal(
      await call("xml", "Invoice/Update", { method: "PATCH", creds: t, params: { invoice_id: deleted, customer_account_id: account, due_date: "1/1/2027" } }),
      409,
      "INVALID_STATE",
    );
  });

  it("is 404 when the invoice is not the given account's", async () => {
    const id = await makeInvoice(t, account, "1.00");
    const other = await makeAccount(t);
    const r = await call("json", "Invoice/Update", { method: "PATCH", creds: t, params: { invoice_id: id, customer_account_id: other, due_date: "1/1/2027" } });
    expectRefusal(r, 404, "NOT_FOUND", "invoice_id");
  });
});

describe("Invoice/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: status 3, irreversibly, generated invoices too`, async () => {
      const ctx = await billingContext(t);
      const { invoiceId } = await createInvoiceForSubscription(ctx, {
        customerAccountId: account,
        subscriptionId: newId(),
        periodStart: "2026-03-01",
        dueDate: "2026-03-01",
        lines: [{ itemName: "Plan", itemPrice: 1000, kind: "recurring" }],
      });
      const r = await ok(t, format, "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoiceId, customer_account_id: account } });
      expect(r.invoice.status).toBe("3");
      expect((await getInvoice(t, invoiceId)).status).toBe("3");
      // any -> deleted: deleting again, a day later, succeeds and changes nothing.
      useClock(new ManualClock(new Date(Date.now() + 86_400_000).toISOString()));
      const again = await ok(t, format, "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoiceId, customer_account_id: account } });
      expect([again.invoice.status, again.invoice.deleted]).toEqual(["3", r.invoice.deleted]);
      const pay = await call(format, "Payment/Create", {
        method: "POST",
        creds: t,
        params: { customer_account_id: account, invoice_id: invoiceId, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "1.00" },
      });
      expectRefusal(pay, 409, "INVALID_STATE", "invoice_id");
    });
  }
});

describe("Invoice/Reminder", () => {
  for (const format of FORMATS) {
    it(`${format}: refused unless a day overdue (Errors 5) or bypass_overdue Y; emits Invoice/Reminder`, async () => {
      useClock(new ManualClock("2026-03-15T12:00:00Z"));
      const id = (await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams({ due_date: "3/15/2026", attached_items: items("3.00") }) }))
        .invoice.invoice_id;
      const ref = { invoice_id: id, customer_account_id: account };
      expectRefusal(await call(format, "Invoice/Reminder", { method: "POST", creds: t, params: ref }), 409, "INVALID_STATE", "bypass_overdue");
      const before = (await outboxEvents(t, "Invoice/Reminder")).length;
      const bypassed = await ok(t, format, "Invoice/Reminder", { method: "POST", params: { ...ref, bypass_overdue: "Y" } });
      expect(bypassed.invoice.invoice_id).toBe(id);
      useClock(new ManualClock("2026-03-16T00:00:00Z"));
      await ok(t, format, "Invoice/Reminder", { method: "POST", params: ref });
      const events = await outboxEvents(t, "Invoice/Reminder");
      expect(events.length).toBe(before + 2);
      expect(events.at(-1)!.payload).toMatchObject({ invoice: { invoice_id: id, due_date: "3/15/2026", amount_due: "3.00" } });
    });
  }

  it("counts days in the brand's time zone", async () => {
    const tenant = await makeTenant();
    await (await getDb()).update(brands).set({ timezoneId: "America/New_York" }).where(eq(brands.id, tenant.brand_id));
    const acct = await makeAccount(tenant);
    const id = (
      await ok(tenant, "json", "Invoice/Create", {
        method: "POST",
        params: { customer_account_id: acct, due_date: "1/10/2026", attached_items: items("1.00") },
      })
    ).invoice.invoice_id;
    const ref = { invoice_id: id, customer_account_id: acct };
    useClock(new ManualClock("2026-01-11T04:59:00Z")); // 23:59 on the 10th in New York
    expectRefusal(await call("json", "Invoice/Reminder", { method: "POST", creds: tenant, params: ref }), 409, "INVALID_STATE");
    useClock(new ManualClock("2026-01-11T05:00:00Z")); // midnight: one day overdue
    await ok(tenant, "json", "Invoice/Reminder", { method: "POST", params: ref });
  });

  it("is refused for a paid or deleted invoice, even with bypass_overdue", async () => {
    const paid = await ok(t, "json", "Invoice/Create", { method: "POST", params: createParams() });
    const ref = { invoice_id: paid.invoice.invoice_id, customer_account_id: account, bypass_overdue: "Y" };
    expectRefusal(await call("json", "Invoice/Reminder", { method: "POST", creds: t, params: ref }), 409, "INVALID_STATE", "invoice_id");
    const gone = await makeInvoice(t, account, "2.00");
    await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: gone, customer_account_id: account } });
    expectRefusal(
      await call("xml", "Invoice/Reminder", { method: "POST", creds: t, params: { ...ref, invoice_id: gone } }),
      409,
      "INVALID_STATE",
      "invoice_id",
    );
  });
});

describe("Invoice/List", () => {
  it("answers at most 50, or 400 with customer_account_id or subscription_id; newest first; total counts all", async () => {
    const tenant = await makeTenant();
    const acct = await makeAccount(tenant);
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) ids.push(await makeInvoice(tenant, acct, "1.00"));
    const all = await ok(tenant, "json", "Invoice/List");
    expect(all.count).toBe("50");
    expect(all.total).toBe("52");
    expect(all.invoices[0].invoice_id).toBe(ids[51]);
    const forAccount = await ok(tenant, "xml", "Invoice/List", { params: { customer_account_id: acct } });
    expect(forAccount.count).toBe("52");
    expect(forAccount.invoices.invoice).toHaveLength(52);
  });

  for (const format of FORMATS) {
    it(`${format}: filters by invoice, subscription and custom fields`, async () => {
      const tenant = await makeTenant();
      const acct = await makeAccount(tenant);
      const sub = await subscriptionFor(tenant, acct);
      const initial = (await ok(tenant, "json", "Invoice/List", { params: { subscription_id: sub } })).invoices[0].invoice_id;
      const a = (
        await ok(tenant, "json", "Invoice/Create", {
          method: "POST",
          params: { customer_account_id: acct, due_date: "1/1/2027", custom_field_1: "alpha", auto_subscription_id: sub },
        })
      ).invoice.invoice_id;
      const b = (
        await ok(tenant, "json", "Invoice/Create", { method: "POST", params: { customer_account_id: acct, due_date: "1/1/2027", custom_field_2: "beta" } })
      ).invoice.invoice_id;
      const only = async (params: Record<string, string>) => {
        const r = await ok(tenant, format, "Invoice/List", { params });
        const list = format === "json" ? r.invoices : r.count === "0" ? [] : [r.invoices.invoice].flat();
        return list.map((i: any) => i.invoice_id);
      };
      expect(await only({ invoice_id: a })).toEqual([a]);
      expect((await only({ subscription_id: sub })).sort()).toEqual([a, initial].sort());
      expect(await only({ custom_field_1: "alpha" })).toEqual([a]);
      expect(await only({ custom_field_2: "beta" })).toEqual([b]);
      expect(await only({ custom_field_2: "bet" })).toEqual([]);
      expect(await only({ invoice_id: "nope" })).toEqual([]);
    });
  }
});

describe("createInvoiceForSubscription (for billing)", () => {
  it("creates one invoice per subscription period, even when run twice at once; emits Invoice/Create once", async () => {
    const ctx = await billingContext(t);
    const db = await getDb();
    const sub = newId();
    const period = {
      customerAccountId: account,
      subscriptionId: sub,
      periodStart: "2026-05-01",
      dueDate: "2026-05-01",
      lines: [
        { itemName: "Plan", itemPrice: 3000, kind: "recurring" as const },
        { itemName: "Seats", itemPrice: 500, quantity: 3, kind: "component" as const },
        { itemName: "Welcome discount", itemPrice: -1000, kind: "discount" as const },
      ],
    };
    const runs = await Promise.all([0, 1].map(() => db.transaction((tx) => createInvoiceForSubscription(withDb(ctx, tx as unknown as Db), period))));
    expect(runs.filter((r) => r.created)).toHaveLength(1);
    expect(runs[0].invoiceId).toBe(runs[1].invoiceId);
    const again = await createInvoiceForSubscription(ctx, period);
    expect(again).toEqual({ created: false, invoiceId: runs[0].invoiceId });
    const inv = await getInvoice(t, again.invoiceId);
    expect(inv).toMatchObject({ subscription_id: sub, billing_period_start: "5/1/2026", total: "35.00", status: "0" });
    expect(inv.items.map((i: any) => [i.kind, i.item_price, i.quantity])).toEqual([
      ["recurring", "30.00", "1"],
      ["component", "5.00", "3"],
      ["discount", "-10.00", "1"],
    ]);
    const events = (await outboxEvents(t, "Invoice/Create")).filter((e) => e.payload.invoice.invoice_id === again.invoiceId);
    expect(events).toHaveLength(1);
    expect(events[0].payload.subscription).toEqual({ subscription_id: sub });
    // A second period of the same subscription is its own invoice.
    expect((await createInvoiceForSubscription(ctx, { ...period, periodStart: "2026-06-01" })).created).toBe(true);
  });

  it("refuses lines adding up to a negative total, and a negative price outside discounts", async () => {
    const ctx = await billingContext(t);
    const base = { customerAccountId: account, subscriptionId: newId(), periodStart: "2026-05-01", dueDate: "2026-05-01" };
    await expect(createInvoiceForSubscription(ctx, { ...base, lines: [{ itemName: "Discount", itemPrice: -100, kind: "discount" }] })).rejects.toThrow(/lines/);
    await expect(createInvoiceForSubscription(ctx, { ...base, lines: [{ itemName: "Plan", itemPrice: -100, kind: "recurring" }] })).rejects.toThrow();
  });

  it("holds every stored line to the line rules in the database too (the invoices_items check)", async () => {
    const db = await getDb();
    const line: InvoiceLine = { itemName: "Plan", itemPrice: 1000, quantity: 2, taxExempt: "N", kind: "recurring", componentId: null };
    const insert = (items: unknown) =>
      db.insert(invoices).values({
        id: newId(),
        brandId: t.brand_id,
        customerAccountId: account,
        dueDate: "2026-05-01",
        items: items as InvoiceLine[],
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    /** The constraint that refused the insert (drizzle keeps the driver's error as the cause). */
    const refusedBy = (items: unknown) =>
      insert(items).then(
        () => "accepted",
        (err) => (err.cause ?? err).constraint_name,
      );
    await insert([line, { ...line, itemPrice: -250, kind: "discount", componentId: newId() }]);
    for (const bad of [
      { ...line, itemPrice: -1 },
      { ...line, itemPrice: 10.5 },
      { ...line, itemPrice: "10" },
      { ...line, quantity: 0 },
      { ...line, quantity: 1.5 },
      { ...line, kind: "gift" },
      { ...line, taxExempt: "maybe" },
      { ...line, itemName: 7 },
      { ...line, componentId: 7 },
    ]) {
      expect(await refusedBy([line, bad]), JSON.stringify(bad)).toBe("invoices_items");
    }
    expect(await refusedBy({ not: "a list" })).toBe("invoices_items");
  });
});
