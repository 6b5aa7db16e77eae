/**
 * Every notification event, end to end: Notification/Create through the API, the event triggered
 * through the API, the outbox delivered, and exactly the promised emails found at the fake Resend
 * server with every placeholder the event documents filled (lib/notifications/events.ts).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Mustache from "mustache";
import { decodeHTML } from "entities";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { deliverAllDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { EVENT_NAMES, NOTIFICATION_EVENTS, eventPlaceholderTable, eventPlaceholders, type NotificationEvent } from "../lib/notifications/events";
import { DEFAULT_TEMPLATES } from "../lib/notifications/defaults";
import { SECRET_FIELDS } from "../lib/notifications/placeholders";
import { templateProblem } from "../lib/notifications/templates";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { accountFields, outbox, uniqueEmail } from "./support/fake-customers";
import { startFakeResend, type FakeResend } from "./support/fake-resend";
import { allBrandsContext } from "../lib/auth/context";

const clock = new ManualClock("2026-11-22T12:00:00Z");
let fake: FakeResend;
beforeAll(async () => {
  fake = await startFakeResend();
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = fake.url;
  useClock(clock);
});
afterAll(async () => {
  useClock(systemClock);
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
  await fake.close();
});

const BRAND_COPY = "owner@example.com";
const SECRETS = Object.entries(SECRET_FIELDS).flatMap(([ns, fields]) => fields.map((f) => `${ns}.${f}`));
const common = ["brand.name", "event.type", "event.date"];
/** Empty for an invoice without tax, as these events' invoices are (tests/tax.test.ts fills them). */
const EMPTY_WITHOUT_TAX = ["invoice.tax_lines", "invoice.tax_note"];

/** A body listing every placeholder of the event as <li data-p="name">value</li>, read back by readDump. */
const dumpTemplate = (event: NotificationEvent) =>
  `<ul>${[...common, ...eventPlaceholders(event)].map((p) => `<li data-p="${p}">{{${p}}}</li>`).join("")}</ul>`;
const readDump = (html: string) => Object.fromEntries([...html.matchAll(/<li data-p="([^"]+)">(.*?)<\/li>/g)].map(([, p, v]) => [p, decodeHTML(v)]));

/** What one trigger must produce: the addressee, the cc copy if any, both subjects, and known values. */
interface Expected {
  to: string;
  cc?: string;
  subjects: { brand: string; customer: string };
  values: Record<string, string | RegExp>;
}

interface Setup {
  t: Tenant;
  brandName: string;
  /** The format of the call that triggers the event. */
  format: string;
}

// An account with everything a template can show: a company name and a cc address.
async function customer(t: Tenant) {
  const params = accountFields({ company_name: "Acme Ltd", cc_email_address: uniqueEmail("cc"), skip_notification: "Y" });
  const body = await ok(t, "json", "Account/Create", { method: "POST", params });
  return { account: body.customer_account, user: body.user, params };
}

/** A second user of the account, so emails addressed to a user visibly go to the user, not the holder. */
async function secondUser(t: Tenant, accountId: string, extra: Record<string, string> = {}, format = "json") {
  const params = {
    customer_account_id: accountId,
    first_name: "Sam",
    last_name: "Helper",
    email_address: uniqueEmail("sam"),
    access_level: "USER",
    locale: "en-US",
    timezone_id: "UTC",
    send_new_user_email: "N",
    password: "a chosen password 1",
    ...extra,
  };
  return { user: (await ok(t, format, "User/Create", { method: "POST", params })).user, params };
}

async function subscription(t: Tenant, accountId: string, overrideInitialBilling: "Y" | "N", format = "json") {
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id);
  const params = { customer_account_id: accountId, product_id: product.product_id, override_initial_billing: overrideInitialBilling, auto_pay: "N" };
  const sub = (await ok(t, format, "Subscription/Create", { method: "POST", params })).subscription;
  return { sub, product };
}

const invoiceOf = async (t: Tenant, subscriptionId: string) =>
  (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices[0];

const subscriptionValues = (sub: any, product: any, status: string) => ({
  "subscription.subscription_id": sub.subscription_id,
  "subscription.product_name": product.name,
  "subscription.status": status,
  "subscription.renewal_date": sub.renewal_date,
  "subscription.recurring_price": product.recurring_price,
  "subscription.billing_period": "Every 30 days",
  "subscription.auto_pay": "N",
});

const customerValues = (account: any) => ({
  "customer.customer_account_id": account.customer_account_id,
  "customer.first_name": account.first_name,
  "customer.last_name": account.last_name,
  "customer.company_name": "Acme Ltd",
  "customer.email_address": account.email_address,
});

/** The table: each event, how to trigger it through the API, and what its emails must show. */
const EVENTS: Record<NotificationEvent, (s: Setup) => Promise<Expected>> = {
  "Account/Create": async ({ t, brandName, format }) => {
    const cc = uniqueEmail("cc");
    const params = accountFields({ company_name: "Acme Ltd", cc_email_address: cc });
    const { customer_account: account, user } = await ok(t, format, "Account/Create", { method: "POST", params });
    return {
      to: account.email_address,
      cc,
      subjects: { brand: "New customer account: Jane Doe", customer: `Welcome to ${brandName}` },
      values: { ...customerValues(account), "user.user_id": user.user_id, "user.username": user.username, "user.initial_password": /^[A-Za-z0-9]{16}$/ },
    };
  },
  "User/PasswdReset": async ({ t, brandName, format }) => {
    const { account } = await customer(t);
    const { user, params } = await secondUser(t, account.customer_account_id);
    await ok(t, format, "User/PasswdReset", { method: "POST", params: { username: user.username } });
    return {
      to: params.email_address,
      subjects: { brand: `Password reset for ${user.username}`, customer: `Your temporary ${brandName} password` },
      values: {
        ...customerValues(account),
        "user.first_name": "Sam",
        "user.email_address": params.email_address,
        "user.temporary_password": /^[A-Za-z0-9]{16}$/,
        "user.temporary_password_expires": "11/22/2026, 1:00 PM UTC",
      },
    };
  },
  "User/2FARequest": async ({ t, brandName, format }) => {
    const { account } = await customer(t);
    const { user, params } = await secondUser(t, account.customer_account_id);
    await ok(t, format, "User/2FARequest", { method: "POST", params: { verification_user_id: user.user_id, verification_method: "email" } });
    return {
      to: params.email_address,
      subjects: { brand: `Verification code requested by ${user.username}`, customer: `Your ${brandName} verification code` },
      values: { ...customerValues(account), "user.user_id": user.user_id, "user.email_verification_code": /^[A-Za-z0-9]{35}$/ },
    };
  },
  "User/Create": async ({ t, brandName, format }) => {
    const { account } = await customer(t);
    const { user, params } = await secondUser(t, account.customer_account_id, { send_new_user_email: "Y", password: "" }, format);
    return {
      to: params.email_address,
      subjects: { brand: `New user ${user.username} on account ${account.customer_account_id}`, customer: `Your ${brandName} user is ready` },
      values: { ...customerValues(account), "user.username": user.username, "user.last_name": "Helper", "user.initial_password": /^[A-Za-z0-9]{16}$/ },
    };
  },
  "Subscription/Create": async ({ t, format }) => {
    const { account, params } = await customer(t);
    const { sub, product } = await subscription(t, account.customer_account_id, "Y", format);
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: `New subscription: ${product.name}`, customer: `Your ${product.name} subscription has started` },
      values: { ...customerValues(account), ...subscriptionValues(sub, product, "1") },
    };
  },
  "Subscription/Suspend": async ({ t, format }) => {
    const { account, params } = await customer(t);
    const { sub, product } = await subscription(t, account.customer_account_id, "Y", format);
    await ok(t, format, "Subscription/Suspend", { method: "PATCH", params: { subscription_id: sub.subscription_id } });
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: `Subscription suspended: ${product.name}`, customer: `Your ${product.name} subscription is suspended` },
      values: { ...customerValues(account), ...subscriptionValues(sub, product, "2") },
    };
  },
  "Subscription/Delete": async ({ t, format }) => {
    const { account, params } = await customer(t);
    const { sub, product } = await subscription(t, account.customer_account_id, "Y", format);
    await ok(t, format, "Subscription/Delete", { method: "DELETE", params: { subscription_id: sub.subscription_id } });
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: `Subscription cancelled: ${product.name}`, customer: `Your ${product.name} subscription has ended` },
      values: { ...customerValues(account), "subscription.subscription_id": sub.subscription_id, "subscription.status": "3" },
    };
  },
  // The up-front invoice of a subscription (no pay method: left unpaid), so it has a subscription.
  "Invoice/Create": async ({ t, brandName, format }) => {
    const { account, params } = await customer(t);
    const { sub } = await subscription(t, account.customer_account_id, "N", format);
    const invoice = await invoiceOf(t, sub.subscription_id);
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: `New invoice ${invoice.number}`, customer: `Your ${brandName} invoice ${invoice.number}` },
      values: {
        ...customerValues(account),
        "invoice.invoice_id": invoice.invoice_id,
        "invoice.number": invoice.number,
        "invoice.currency": "USD",
        "invoice.status": "0",
        "invoice.due_date": "11/22/2026",
        "invoice.total": "24.99",
        "invoice.amount_paid": "0.00",
        "invoice.amount_due": "24.99",
        "subscription.subscription_id": sub.subscription_id,
      },
    };
  },
  "Payment/Create": async ({ t, format }) => {
    const { account, params } = await customer(t);
    const invoice = (
      await ok(t, "json", "Invoice/Create", {
        method: "POST",
        params: {
          customer_account_id: account.customer_account_id,
          due_date: "12/31/2026",
          attached_items: JSON.stringify([{ item_name: "Setup", item_price: "40.00", tax_exempt: "N" }]),
        },
      })
    ).invoice;
    const paid = await ok(t, format, "Payment/Create", {
      method: "POST",
      params: {
        customer_account_id: account.customer_account_id,
        apply_to_prepaid_balance: "N",
        override_billing: "Y",
        amount: "25.00",
        invoice_id: invoice.invoice_id,
        payment_gateway: "paypal",
        payment_transaction_id: "PP-123",
      },
    });
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: "Payment received: 25.00 USD", customer: "Thank you for your payment" },
      values: {
        ...customerValues(account),
        "payment.payment_id": paid.payment.payment_id,
        "payment.invoice_id": invoice.invoice_id,
        "payment.amount": "25.00",
        "payment.currency": "USD",
        "invoice.number": invoice.number,
        "payment.payment_date": "11/22/2026",
        "payment.payment_transaction_id": "PP-123",
        "invoice.status": "2",
        "invoice.total": "40.00",
        "invoice.amount_paid": "25.00",
        "invoice.amount_due": "15.00",
      },
    };
  },
  "Invoice/Reminder": async ({ t, brandName, format }) => {
    const { account, params } = await customer(t);
    const { sub } = await subscription(t, account.customer_account_id, "N");
    const invoice = await invoiceOf(t, sub.subscription_id);
    await ok(t, format, "Invoice/Reminder", {
      method: "POST",
      params: { customer_account_id: account.customer_account_id, invoice_id: invoice.invoice_id, bypass_overdue: "Y" },
    });
    return {
      to: account.email_address,
      cc: params.cc_email_address,
      subjects: { brand: `Reminder sent for invoice ${invoice.number}`, customer: `Reminder: your ${brandName} invoice ${invoice.number} is due` },
      values: {
        ...customerValues(account),
        "invoice.invoice_id": invoice.invoice_id,
        "invoice.number": invoice.number,
        "invoice.amount_due": "24.99",
        "subscription.subscription_id": sub.subscription_id,
      },
    };
  },
};

const db = () => getDb();
const deliver = async () => deliverAllDue({ ctx: allBrandsContext(await db(), clock), input: { sinkFor } });

async function tenantWith(event: NotificationEvent, templates: Record<string, string>, format: string): Promise<Setup> {
  const t = await makeTenant();
  await ok(t, "json", "Notification/Create", {
    method: "POST",
    params: {
      notification_event: event,
      default_notify_brand: "Y",
      default_notify_brand_email: BRAND_COPY,
      default_notify_customer: "Y",
      from_email: "billing@example.com",
      ...templates,
    },
  });
  const [brand] = await (await db()).select().from(brands).where(eq(brands.id, t.brand_id));
  return { t, brandName: brand.name, format };
}

/** Emails the fake received for these addresses since `from`, by address. */
function emailsSince(from: number) {
  const got = fake.emails.slice(from);
  return { got, to: (address: string) => got.filter((e) => e.body.to.includes(address)) };
}

describe("the table", () => {
  it("covers every notification event", () => {
    expect(Object.keys(EVENTS).sort()).toEqual([...EVENT_NAMES].sort());
  });
});

describe.each(["json", "xml"].flatMap((format) => EVENT_NAMES.map((event) => [format, event] as const)))("%s %s", (format, event) => {
  it("emails exactly the brand, the addressee and (where promised) the cc address, every placeholder filled", async () => {
    const setup = await tenantWith(event, { html_brand: dumpTemplate(event), html_customer: dumpTemplate(event) }, format);
    const from = fake.emails.length;
    const expected = await EVENTS[event](setup);
    await deliver();
    const { got, to } = emailsSince(from);

    const recipients = [BRAND_COPY, expected.to, ...(expected.cc ? [expected.cc] : [])];
    expect(got.map((e) => e.body.to).sort()).toEqual(recipients.map((r) => [r]).sort());
    expect(to(BRAND_COPY)[0].body.subject).toBe(expected.subjects.brand);
    expect(to(expected.to)[0].body.subject).toBe(expected.subjects.customer);

    const addressee = readDump(to(expected.to)[0].body.html);
    expect(Object.keys(addressee).sort()).toEqual([...common, ...eventPlaceholders(event)].sort());
    for (const [p, v] of Object.entries(addressee)) expect(v, p).toSatisfy((x) => (EMPTY_WITHOUT_TAX.includes(p) ? x === "" : x !== ""));
    expect(addressee).toMatchObject({ "brand.name": setup.brandName, "event.type": event, "event.date": "11/22/2026" });
    for (const [p, v] of Object.entries(expected.values)) {
      if (v instanceof RegExp) expect(addressee[p], p).toMatch(v);
      else expect(addressee[p], p).toBe(v);
    }
    // The brand's copy and the cc copy show the same, except credentials, which only the addressee gets.
    const others = [to(BRAND_COPY)[0], ...(expected.cc ? [to(expected.cc)[0]] : [])];
    for (const copy of others) {
      const seen = readDump(copy.body.html);
      for (const p of Object.keys(addressee)) expect(seen[p], `${copy.body.to} ${p}`).toBe(SECRETS.includes(p) ? "" : addressee[p]);
    }
    if (expected.cc) expect(to(expected.cc)[0].body.subject).toBe(expected.subjects.customer);
  });

  it("with the default templates: the subjects, and bodies without an unfilled placeholder", async () => {
    const setup = await tenantWith(event, {}, format);
    const from = fake.emails.length;
    const expected = await EVENTS[event](setup);
    await deliver();
    const { got, to } = emailsSince(from);
    expect(got).toHaveLength(expected.cc ? 3 : 2);
    expect(to(BRAND_COPY)[0].body.subject).toBe(expected.subjects.brand);
    expect(to(expected.to)[0].body.subject).toBe(expected.subjects.customer);
    for (const e of got) expect(e.body.html).not.toMatch(/\{\{|\}\}|<strong><\/strong>|\(\)/);
    // A credential the event carries is in the addressee's email, and in no other.
    const [payload] = (await outbox(setup.t, event)).slice(-1);
    for (const p of SECRETS) {
      const [ns, field] = p.split(".");
      const secret = payload?.[ns]?.[field];
      if (!secret) continue;
      expect(to(expected.to)[0].body.html).toContain(secret);
      for (const e of got.filter((e) => !e.body.to.includes(expected.to))) expect(JSON.stringify(e.body)).not.toContain(secret);
    }
  });
});

/** The placeholder names a template prints outside a section on the same placeholder (which may be empty). */
function printedOutsideOwnSection(template: string): string[] {
  const walk = (tokens: any[], open: string[]): string[] =>
    tokens.flatMap(([type, name, , , children]) => {
      if (type === "name" && !open.includes(name)) return [name];
      if (children) return walk(children, type === "#" ? [...open, name] : open);
      return [];
    });
  return walk(Mustache.parse(template), []);
}

describe("the default templates", () => {
  it.each(EVENT_NAMES)("%s: use only placeholders the event fills, never printing one that can be empty, and no credential for the brand", (event) => {
    const t = DEFAULT_TEMPLATES[event];
    const spec: { sometimesEmpty?: Record<string, string> } = NOTIFICATION_EVENTS[event];
    for (const [part, template] of Object.entries(t)) {
      expect(templateProblem(template, event, part.startsWith("html_")), part).toBeNull();
      for (const p of printedOutsideOwnSection(template)) expect(Object.keys(spec.sometimesEmpty ?? {}), `${part} ${p}`).not.toContain(p);
    }
    for (const part of [t.subject_brand, t.html_brand, t.subject_customer]) for (const secret of SECRETS) expect(part).not.toContain(secret);
  });
});

describe("docs/notifications.md", () => {
  it("lists each event's placeholders exactly as the code does", () => {
    const readme = readFileSync(new URL("../docs/notifications.md", import.meta.url), "utf8");
    expect(readme, "paste eventPlaceholderTable() (lib/notifications/events.ts) into docs/notifications.md").toContain(eventPlaceholderTable());
  });
});

describe("User/Create without a notification", () => {
  it("send_new_user_email Y still emails the user (default template and sender) with the generated password; N sends nothing", async () => {
    const t = await makeTenant();
    const { account } = await customer(t);
    const from = fake.emails.length;
    const { params } = await secondUser(t, account.customer_account_id, { send_new_user_email: "Y", password: "" });
    await secondUser(t, account.customer_account_id, { send_new_user_email: "N", password: "" });
    // Read before delivery, which erases it from the outbox.
    const [payload] = (await outbox(t, "User/Create")).slice(-1);
    await deliver();
    const { got } = emailsSince(from);
    expect(got.map((e) => e.body.to)).toEqual([[params.email_address]]);
    expect(got[0].body.html).toContain(payload.user.initial_password);
  });
});
