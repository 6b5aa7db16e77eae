import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { makeTenant, ok, type Tenant } from "./support/api";
import { startFakeResend, type FakeResend } from "./support/fake-resend";
import { getDb, type Db } from "../db/client";
import { brands, emailDeliveries, outboxAttempts, outboxEvents } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { emit } from "../lib/outbox/emit";
import { backoffMs, deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { notificationSink } from "../lib/jobs/send-notification-emails";
import { EVENT_NAMES, type NotificationEvent } from "../lib/notifications/events";
import type { NotificationPayload } from "../lib/notifications/placeholders";

let db: Db;
let fake: FakeResend;
const clock = new ManualClock("2026-11-22T12:00:00Z");

beforeAll(async () => {
  db = await getDb();
  fake = await startFakeResend();
  useClock(clock);
});
afterAll(async () => {
  useClock(systemClock);
  await fake.close();
});
beforeEach(async () => {
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = fake.url;
  fake.reset();
  // deliverDue works on every due event of the database: start each test with an empty outbox.
  await db.delete(emailDeliveries);
  await db.delete(outboxAttempts);
  await db.delete(outboxEvents);
});
afterEach(() => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
});

const deliver = () => deliverDue({ ctx: allBrandsContext(db, clock), input: { sinkFor } });

/** Emits as a verb would, with a system context of the tenant's brand. */
async function emitFor(t: Tenant, type: NotificationEvent, payload: NotificationPayload) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  return emit(systemContext(db, brand), { type, payload });
}

async function notify(t: Tenant, params: Record<string, string>) {
  const body = await ok(t, "json", "Notification/Create", {
    method: "POST",
    params: { default_notify_brand: "N", default_notify_customer: "Y", from_email: "billing@example.com", ...params },
  });
  return body.notification;
}

const deliveriesOf = (eventId: string) => db.select().from(emailDeliveries).where(eq(emailDeliveries.eventId, eventId)).orderBy(emailDeliveries.audience);
const eventRow = async (id: string) => (await db.select().from(outboxEvents).where(eq(outboxEvents.id, id)))[0];

const invoicePayload: NotificationPayload = {
  to_email: "tom@example.com",
  cc_email: "accounts@example.com",
  customer: { customer_account_id: "c-1", first_name: "Tom <b>&</b> Jerry", last_name: "Cat" },
  invoice: { invoice_id: "inv-1", total: "25.00", due_date: "12/1/2026", amount_due: "25.00" },
};

describe("notification sinks", () => {
  it("are registered for each notification event and nothing else", () => {
    for (const type of EVENT_NAMES) expect(sinkFor(type), type).toBe(notificationSink);
    expect(sinkFor("Account/Delete")).toBeUndefined();
  });
});

describe("an event without a notification", () => {
  it("sends nothing, and the event is finished", async () => {
    const t = await makeTenant();
    const id = await emitFor(t, "Invoice/Create", invoicePayload);
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(fake.requests).toEqual([]);
    expect(await deliveriesOf(id)).toEqual([]);
    const [attempt] = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id));
    expect(attempt.detail).toContain("no notification is configured for Invoice/Create");
  });

  it("sends nothing when the notification is deleted, or belongs to another brand", async () => {
    const [t, other] = await Promise.all([makeTenant(), makeTenant()]);
    const n = await notify(t, { notification_event: "Invoice/Create" });
    await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: n.notification_id } });
    await notify(other, { notification_event: "Invoice/Create" });
    await emitFor(t, "Invoice/Create", invoicePayload);
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(fake.requests).toEqual([]);
  });
});

describe("an event with a notification", () => {
  it("sends exactly one email per recipient: the brand, the customer and the account's cc address", async () => {
    const t = await makeTenant();
    await notify(t, {
      notification_event: "Invoice/Create",
      default_notify_brand: "Y",
      default_notify_brand_email: "owner@example.com",
      subject_brand: "New invoice {{invoice.invoice_id}} for {{customer.first_name}}",
      html_brand: "<p>{{invoice.total}} due {{invoice.due_date}}</p>",
      subject_customer: "Hello {{customer.first_name}}, your {{brand.name}} invoice",
      html_customer: "<p>Dear {{customer.first_name}}, you owe {{#invoice}}{{amount_due}}{{/invoice}} on {{event.date}}.</p>",
    });
    const id = await emitFor(t, "Invoice/Create", invoicePayload);
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(fake.emails.map((e) => e.body.to)).toEqual([["owner@example.com"], ["tom@example.com"], ["accounts@example.com"]]);
    const [brandCopy, customerCopy, ccCopy] = fake.emails;
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    expect(brandCopy.body).toMatchObject({
      from: `"${brand.name}" <billing@example.com>`,
      subject: "New invoice inv-1 for Tom <b>&</b> Jerry",
      // mustache's escaping also covers '/' and '=' (safe even in unquoted attributes); mail clients decode it.
      html: "<p>25.00 due 12&#x2F;1&#x2F;2026</p>",
    });
    // Values are HTML-escaped in the body, left as they are in the subject line.
    expect(customerCopy.body.subject).toBe(`Hello Tom <b>&</b> Jerry, your ${brand.name} invoice`);
    expect(customerCopy.body.html).toBe("<p>Dear Tom &lt;b&gt;&amp;&lt;&#x2F;b&gt; Jerry, you owe 25.00 on 11&#x2F;22&#x2F;2026.</p>");
    expect(ccCopy.body.html).toBe(customerCopy.body.html);
    expect(brandCopy.headers.authorization).toBe("Bearer re_test_key");
    expect(new Set(fake.emails.map((e) => e.headers["idempotency-key"])).size).toBe(3);

    const rows = await deliveriesOf(id);
    expect(rows.map((r) => [r.audience, r.recipient, r.status, r.attempts, r.error])).toEqual([
      ["brand", "owner@example.com", "sent", 1, null],
      ["cc", "accounts@example.com", "sent", 1, null],
      ["customer", "tom@example.com", "sent", 1, null],
    ]);
    expect(rows.map((r) => r.providerMessageId).sort()).toEqual(fake.emails.map((e) => e.id).sort());
    expect(rows.every((r) => r.brandId === t.brand_id && r.eventType === "Invoice/Create" && r.html === null)).toBe(true);

    // Delivered events are not delivered again.
    clock.advance({ days: 1 });
    expect(await deliver()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(fake.requests).toHaveLength(3);
  });

  it("renders the event's default template where the notification leaves one empty", async () => {
    const t = await makeTenant();
    await notify(t, { notification_event: "Account/Create" });
    await emitFor(t, "Account/Create", { to_email: "new@example.com", customer: { first_name: "Ann" }, user: { username: "ann42" } });
    await deliver();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    expect(fake.emails).toHaveLength(1);
    expect(fake.emails[0].body.subject).toBe(`Welcome to ${brand.name}`);
    expect(fake.emails[0].body.html).toContain("<p>Hello Ann,</p>");
    expect(fake.emails[0].body.html).toContain("<strong>ann42</strong>");
  });

  it("passes only documented payload fields to templates", async () => {
    const t = await makeTenant();
    await notify(t, { notification_event: "User/PasswdReset", html_customer: "<p>{{user.temporary_password}}</p>" });
    await emitFor(t, "User/PasswdReset", { to_email: "u@example.com", user: { temporary_password: "Tmp-123", password_hash: "secret" } as never });
    await deliver();
    expect(fake.emails[0].body.html).toBe("<p>Tmp-123</p>");
  });

  it("sends the customer nothing when the payload carries no customer address", async () => {
    const t = await makeTenant();
    await notify(t, { notification_event: "Subscription/Create" });
    const id = await emitFor(t, "Subscription/Create", { to_email: "not an address", subscription: { product_name: "Gold" } });
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(fake.requests).toEqual([]);
    expect((await eventRow(id)).status).toBe("delivered");
  });
});

describe("retries", () => {
  it("a delivery that fails twice then succeeds is delivered once, after the backoff", async () => {
    const t = await makeTenant();
    await notify(t, { notification_event: "Payment/Create" });
    fake.failNext(2);
    const id = await emitFor(t, "Payment/Create", { to_email: "payer@example.com", payment: { amount: "10.00" } });

    expect(await deliver()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: "failed", attempts: 1, error: "email provider: fake failure 500" });
    // Not due again before the backoff has passed.
    clock.advance({ seconds: backoffMs(1) / 1000 - 1 });
    expect(await deliver()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    clock.advance({ seconds: 1 });
    expect(await deliver()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    clock.advance({ seconds: backoffMs(2) / 1000 });
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(fake.requests).toHaveLength(3);
    expect(fake.emails).toHaveLength(1);
    expect(fake.emails[0].body.to).toEqual(["payer@example.com"]);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, error: null, providerMessageId: fake.emails[0].id, deliveredAt: clock.now() });
    expect(await eventRow(id)).toMatchObject({ status: "delivered", attempts: 3 });
    clock.advance({ days: 1 });
    expect(await deliver()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(fake.requests).toHaveLength(3);
  });

  it("retries only the recipient that failed: one already sent is not sent again", async () => {
    const t = await makeTenant();
    await notify(t, { notification_event: "Subscription/Suspend", default_notify_brand: "Y", default_notify_brand_email: "owner@example.com" });
    fake.failNext(1, { to: "cust@example.com" });
    const id = await emitFor(t, "Subscription/Suspend", { to_email: "cust@example.com", subscription: { product_name: "Gold" } });
    expect(await deliver()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    expect(fake.emails.map((e) => e.body.to[0])).toEqual(["owner@example.com"]);
    clock.advance({ seconds: backoffMs(1) / 1000 });
    expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(fake.emails.map((e) => e.body.to[0])).toEqual(["owner@example.com", "cust@example.com"]);
    expect(fake.requests.map((r) => r.to[0])).toEqual(["owner@example.com", "cust@example.com", "cust@example.com"]);
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => [r.audience, r.status, r.attempts])).toEqual([
      ["brand", "sent", 1],
      ["customer", "sent", 2],
    ]);
  });
});

describe("without RESEND_API_KEY", () => {
  it("keeps the email in the local mailbox (status 'mailbox', with its HTML) and logs a line", async () => {
    delete process.env.RESEND_API_KEY;
    const logged: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      const t = await makeTenant();
      await notify(t, { notification_event: "User/2FARequest", html_customer: "<p>Code {{user.email_verification_code}}</p>" });
      const id = await emitFor(t, "User/2FARequest", { to_email: "me@example.com", user: { email_verification_code: "ABC" } });
      expect(await deliver()).toEqual({ delivered: 1, retried: 0, failed: 0 });
      expect(fake.requests).toEqual([]);
      const [row] = await deliveriesOf(id);
      expect(row).toMatchObject({ status: "mailbox", recipient: "me@example.com", html: "<p>Code ABC</p>", providerMessageId: null, attempts: 1 });
      expect(row.subject).toContain("verification code");
      // Deliveries shows the attempt: kept in the local mailbox, and for whom (not "sent").
      const [attempt] = await (await getDb()).select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id));
      expect(attempt.detail).toBe("1 email(s) for User/2FARequest kept in the local mailbox (to me@example.com): no email provider is configured");
      expect(logged.some((l) => l.includes("local mailbox"))).toBe(true);
      // Logs carry no personal data: the addressee is not named.
      expect(logged.join("\n")).not.toContain("me@example.com");
    } finally {
      process.env.LOG_LEVEL = level;
      spy.mockRestore();
    }
  });
});
