import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { newCustomer } from "./support/fake-customers";
import { subscriptionFor } from "./support/fixtures";
import { getDb } from "../db/client";
import { ticketCounters, ticketMessages, tickets } from "../db/schema";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { newId } from "../lib/ids";
import { MAX_ATTACHMENTS, MAX_TICKETS_LISTED, TICKET_SUBJECT_MAX } from "../lib/tickets/schemas";

const FORMATS = ["json", "xml"] as const;
const errorOf = (format: string, body: any) =>
  format === "json"
    ? { code: body.exception.code, parameter: body.exception.parameter, message: body.exception.message }
    : { code: body.exception["@_code"], parameter: body.exception["@_parameter"], message: body.exception["#text"] };
/** XML gives one child as an object and none as "": a list either way. */
const arr = (x: any): any[] => (x === undefined || x === "" ? [] : Array.isArray(x) ? x : [x]);
/** A ticket shaped as in JSON: XML's nested <messages><message> becomes a list. */
const normal = (format: string, ticket: any) => (format === "json" ? ticket : { ...ticket, messages: arr(ticket.messages?.message) });
const ticketOf = (format: string, body: any) => normal(format, body.ticket);
const ticketsOf = (format: string, body: any): any[] => (format === "json" ? body.tickets : arr(body.tickets?.ticket).map((t) => normal(format, t)));

const NEW = (extra: Record<string, string> = {}) => ({ type: "NEW", subject: "Wrong plan", message: "My invoice shows Gold.", ...extra });

async function send(t: Tenant, format: string, action: string, method: string, params: Record<string, string>) {
  return ticketOf(format, await ok(t, format, `Ticket/${action}`, { method, params }));
}
const create = (t: Tenant, params: Record<string, string>, format = "json") => send(t, format, "Create", "POST", params);
const replyTo = (t: Tenant, ticketId: string, params: Record<string, string> = {}, format = "json") =>
  create(t, { type: "REPLY", ticket_id: ticketId, message: "A reply", ...params }, format);
const update = (t: Tenant, params: Record<string, string>, format = "json") => send(t, format, "Update", "PATCH", params);
async function list(t: Tenant, format: string, params: Record<string, string> = {}) {
  const body = await ok(t, format, "Ticket/List", { params });
  return { count: body.count as string, total: body.total as string, tickets: ticketsOf(format, body) };
}

/** A customer account with its initial user and a subscription. */
async function customer(t: Tenant) {
  const { account, user } = await newCustomer(t);
  const accountId = account.customer_account_id as string;
  return { accountId, userId: user.user_id, subscriptionId: await subscriptionFor(t, accountId) };
}

async function snapshot(brandId: string) {
  const db = await getDb();
  return {
    tickets: await db.select().from(tickets).where(eq(tickets.brandId, brandId)).orderBy(tickets.id),
    messages: await db.select().from(ticketMessages).where(eq(ticketMessages.brandId, brandId)).orderBy(ticketMessages.id),
    counters: await db.select().from(ticketCounters).where(eq(ticketCounters.brandId, brandId)),
  };
}

/** Expects the refusal and proves it changed nothing in the brand (nor in the other one). */
async function expectRefused(t: Tenant, format: string, action: string, params: Record<string, string>, status: number, code: string, parameter?: string) {
  const method = { List: "GET", Create: "POST", Update: "PATCH", Merge: "PATCH", Delete: "DELETE" }[action]!;
  const [before, theirsBefore] = await Promise.all([snapshot(t.brand_id), snapshot(other.brand_id)]);
  const r = await call(format, `Ticket/${action}`, { method, creds: t, params });
  expect(r.status, `${JSON.stringify(params)}: ${r.text}`).toBe(status);
  const e = errorOf(format, r.body);
  expect(e.code, JSON.stringify(params)).toBe(code);
  if (parameter) expect(e.parameter, JSON.stringify(params)).toBe(parameter);
  expect(await snapshot(t.brand_id)).toEqual(before);
  expect(await snapshot(other.brand_id)).toEqual(theirsBefore);
  return e;
}

let other: Tenant;
let theirs: Awaited<ReturnType<typeof customer>>;
let theirTicket: any;
beforeAll(async () => {
  other = await makeTenant();
  theirs = await customer(other);
  theirTicket = await create(other, NEW({ customer_account_id: theirs.accountId, customer_user_id: theirs.userId, subscription_id: theirs.subscriptionId }));
});
afterEach(() => useClock(systemClock));

describe("Ticket/Create NEW", () => {
  for (const format of FORMATS) {
    it(`${format}: opens an INTERNAL ticket by the acting staff user, numbered 1, 2, ... per brand`, async () => {
      const t = await makeTenant();
      const first = await create(t, NEW({ department: "Billing", attachments: "https://files.example.com/a.png, http://example.com/b.pdf?x=1" }), format);
      expect(first).toMatchObject({
        friendly_ticket_id: "1",
        subject: "Wrong plan",
        direction: "INTERNAL",
        working_status: "OPEN",
        department: "Billing",
        customer_account_id: "",
        subscription_id: "",
        guest_email: "",
      });
      expect(first.ticket_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(first.messages).toHaveLength(1);
      expect(first.messages[0]).toMatchObject({
        message: "My invoice shows Gold.",
        attachments: "https://files.example.com/a.png,http://example.com/b.pdf?x=1",
        author_type: "STAFF",
        staff_user_id: t.staffUserId,
        customer_user_id: "",
        guest_email: "",
      });
      expect((await create(t, NEW(), format)).friendly_ticket_id).toBe("2");
      expect((await create(await makeTenant(), NEW(), format)).friendly_ticket_id).toBe("1");
    });

    it(`${format}: opens EXTERNAL tickets for a customer and EXTERNAL-CUSTOMER tickets by a customer user or a guest`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const external = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: c.subscriptionId }), format);
      expect(external).toMatchObject({ direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: c.subscriptionId });
      expect(external.messages[0]).toMatchObject({ author_type: "STAFF", staff_user_id: t.staffUserId });

      // Without direction, a customer or guest posting opens an EXTERNAL-CUSTOMER ticket.
      const byCustomer = await create(t, NEW({ customer_account_id: c.accountId, customer_user_id: c.userId }), format);
      expect(byCustomer).toMatchObject({ direction: "EXTERNAL-CUSTOMER", customer_account_id: c.accountId, guest_email: "" });
      expect(byCustomer.messages[0]).toMatchObject({ author_type: "CUSTOMER", customer_user_id: c.userId, staff_user_id: "", guest_email: "" });
      const byAccount = await create(t, NEW({ direction: "EXTERNAL-CUSTOMER", customer_account_id: c.accountId }), format);
      expect(byAccount.messages[0].author_type).toBe("STAFF");
      const byGuest = await create(t, NEW({ guest_email: "prospect@example.com" }), format);
      expect(byGuest).toMatchObject({ direction: "EXTERNAL-CUSTOMER", customer_account_id: "", guest_email: "prospect@example.com" });
      expect(byGuest.messages[0]).toMatchObject({ author_type: "GUEST", guest_email: "prospect@example.com", staff_user_id: "", customer_user_id: "" });
      const customerOnExternal = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId, customer_user_id: c.userId }), format);
      expect(customerOnExternal.messages[0].author_type).toBe("CUSTOMER");
      expect([external, byCustomer, byAccount, byGuest, customerOnExternal].map((x) => x.friendly_ticket_id)).toEqual(["1", "2", "3", "4", "5"]);
    });

    it(`${format}: refuses what a NEW ticket cannot be, changing nothing and using up no number`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const existing = await create(t, NEW());
      const cases: [Record<string, string>, number, string, string][] = [
        [{ type: "NEW", message: "m" }, 400, "MISSING_PARAMETER", "subject"],
        [NEW({ subject: "" }), 400, "MISSING_PARAMETER", "subject"],
        [{ subject: "s", message: "m" }, 400, "MISSING_PARAMETER", "type"],
        [NEW({ message: "" }), 400, "MISSING_PARAMETER", "message"],
        [NEW({ type: "OPEN" }), 400, "INVALID_PARAMETER", "type"],
        [NEW({ direction: "PUBLIC" }), 400, "INVALID_PARAMETER", "direction"],
        [NEW({ subject: "s".repeat(TICKET_SUBJECT_MAX + 1) }), 400, "INVALID_PARAMETER", "subject"],
        [NEW({ direction: "EXTERNAL" }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [NEW({ direction: "EXTERNAL", guest_email: "g@example.com" }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [NEW({ direction: "EXTERNAL-CUSTOMER" }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [NEW({ direction: "INTERNAL", guest_email: "g@example.com" }), 400, "INVALID_PARAMETER", "guest_email"],
        [NEW({ guest_email: "not an email" }), 400, "INVALID_PARAMETER", "guest_email"],
        [NEW({ customer_account_id: c.accountId, guest_email: "g@example.com" }), 400, "INVALID_PARAMETER", "guest_email"],
        [NEW({ customer_user_id: c.userId }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [NEW({ customer_account_id: c.accountId, customer_user_id: c.userId, guest_email: "g@example.com" }), 400, "INVALID_PARAMETER", "guest_email"],
        [NEW({ customer_account_id: c.accountId, customer_user_id: d.userId }), 404, "NOT_FOUND", "customer_user_id"],
        [NEW({ direction: "INTERNAL", customer_account_id: c.accountId, customer_user_id: c.userId }), 400, "INVALID_PARAMETER", "customer_user_id"],
        [NEW({ subscription_id: c.subscriptionId }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [NEW({ customer_account_id: c.accountId, subscription_id: d.subscriptionId }), 404, "NOT_FOUND", "subscription_id"],
        [NEW({ ticket_id: existing.ticket_id }), 400, "INVALID_PARAMETER", "ticket_id"],
        [NEW({ attachments: "not a url" }), 400, "INVALID_PARAMETER", "attachments"],
        [NEW({ attachments: "https://example.com/a.png,ftp://example.com/b.png" }), 400, "INVALID_PARAMETER", "attachments"],
        [
          NEW({ attachments: Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i) => `https://example.com/${i}.png`).join(",") }),
          400,
          "INVALID_PARAMETER",
          "attachments",
        ],
      ];
      for (const [params, status, code, parameter] of cases) await expectRefused(t, format, "Create", params, status, code, parameter);
      const e = await expectRefused(t, format, "Create", NEW({ direction: "EXTERNAL" }), 400, "MISSING_PARAMETER", "customer_account_id");
      expect(e.message).toBe("customer_account_id is required when direction is EXTERNAL");
      expect((await create(t, NEW({ subject: "s".repeat(TICKET_SUBJECT_MAX) }))).friendly_ticket_id).toBe("2");
      const most = Array.from({ length: MAX_ATTACHMENTS }, (_, i) => `https://example.com/${i}.png`).join(",");
      expect((await create(t, NEW({ attachments: most }))).messages[0].attachments).toBe(most);
    });

    it(`${format}: another brand's account, user, subscription or ticket is 404, and nothing changes in either brand`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const mine = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId }));
      await expectRefused(t, format, "Create", NEW({ direction: "EXTERNAL", customer_account_id: theirs.accountId }), 404, "NOT_FOUND", "customer_account_id");
      await expectRefused(
        t,
        format,
        "Create",
        NEW({ customer_account_id: c.accountId, customer_user_id: theirs.userId }),
        404,
        "NOT_FOUND",
        "customer_user_id",
      );
      await expectRefused(
        t,
        format,
        "Create",
        NEW({ customer_account_id: c.accountId, subscription_id: theirs.subscriptionId }),
        404,
        "NOT_FOUND",
        "subscription_id",
      );
      await expectRefused(t, format, "Create", { type: "REPLY", ticket_id: theirTicket.ticket_id, message: "hi" }, 404, "NOT_FOUND", "ticket_id");
      await expectRefused(
        t,
        format,
        "Create",
        { type: "REPLY", ticket_id: mine.ticket_id, message: "hi", customer_account_id: theirs.accountId, customer_user_id: theirs.userId },
        404,
        "NOT_FOUND",
        "customer_account_id",
      );
    });
  }

  it("numbers concurrent creates without gaps or repeats, per brand", async () => {
    const [a, b] = await Promise.all([makeTenant(), makeTenant()]);
    const made = await Promise.all(Array.from({ length: 16 }, (_, i) => create(i % 2 ? a : b, NEW({ subject: `Ticket ${i}` }))));
    const numbers = (brand: Tenant) =>
      made
        .filter((_, i) => (i % 2 ? a : b) === brand)
        .map((x) => Number(x.friendly_ticket_id))
        .sort((x, y) => x - y);
    expect(numbers(a)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(numbers(b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const listed = await list(a, "json");
    expect(listed.tickets.map((x) => x.friendly_ticket_id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
  });
});

describe("Ticket/Create REPLY", () => {
  for (const format of FORMATS) {
    it(`${format}: adds messages in time order, each with its author (staff, customer user or guest)`, async () => {
      const clock = new ManualClock("2026-05-01T08:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const c = await customer(t);
      const opened = await create(t, NEW({ customer_account_id: c.accountId, customer_user_id: c.userId, message: "Help" }));
      clock.advance({ minutes: 5 });
      const staffReply = await replyTo(t, opened.ticket_id, { message: "Looking", attachments: "https://example.com/shot.png" }, format);
      clock.advance({ minutes: 5 });
      const customerReply = await replyTo(t, opened.ticket_id, { message: "Thanks", customer_account_id: c.accountId, customer_user_id: c.userId }, format);
      expect(customerReply).toMatchObject({
        ticket_id: opened.ticket_id,
        friendly_ticket_id: "1",
        subject: "Wrong plan",
        created: "2026-05-01T08:00:00Z",
        updated: "2026-05-01T08:10:00Z",
      });
      expect(staffReply.messages).toHaveLength(2);
      expect(customerReply.messages.map((m: any) => [m.message, m.author_type, m.created])).toEqual([
        ["Help", "CUSTOMER", "2026-05-01T08:00:00Z"],
        ["Looking", "STAFF", "2026-05-01T08:05:00Z"],
        ["Thanks", "CUSTOMER", "2026-05-01T08:10:00Z"],
      ]);
      expect(customerReply.messages[1]).toMatchObject({ staff_user_id: t.staffUserId, attachments: "https://example.com/shot.png" });
      expect(customerReply.messages[2]).toMatchObject({ customer_user_id: c.userId, staff_user_id: "" });

      const guestTicket = await create(t, NEW({ guest_email: "lead@example.com" }));
      const guestReply = await replyTo(t, guestTicket.ticket_id, { guest_email: "lead@example.com", message: "Any news?" }, format);
      expect(guestReply.messages.map((m: any) => [m.author_type, m.guest_email])).toEqual([
        ["GUEST", "lead@example.com"],
        ["GUEST", "lead@example.com"],
      ]);
      expect((await list(t, format, { ticket_id: opened.ticket_id })).tickets[0].messages).toEqual(customerReply.messages);
    });

    it(`${format}: refuses replies only ticket_id can address, NEW-only parameters and authors the ticket does not allow`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const internal = await create(t, NEW());
      const external = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId }));
      const reply = (extra: Record<string, string>) => ({ type: "REPLY", message: "m", ...extra });
      const cases: [Record<string, string>, number, string, string][] = [
        [reply({}), 400, "MISSING_PARAMETER", "ticket_id"],
        [reply({ ticket_id: "" }), 400, "MISSING_PARAMETER", "ticket_id"],
        [reply({ ticket_id: internal.friendly_ticket_id }), 404, "NOT_FOUND", "ticket_id"],
        [reply({ ticket_id: internal.ticket_id, message: "" }), 400, "MISSING_PARAMETER", "message"],
        [reply({ ticket_id: internal.ticket_id, subject: "New subject" }), 400, "INVALID_PARAMETER", "subject"],
        [reply({ ticket_id: internal.ticket_id, direction: "EXTERNAL" }), 400, "INVALID_PARAMETER", "direction"],
        [reply({ ticket_id: internal.ticket_id, department: "Sales" }), 400, "INVALID_PARAMETER", "department"],
        [reply({ ticket_id: external.ticket_id, subscription_id: c.subscriptionId }), 400, "INVALID_PARAMETER", "subscription_id"],
        [reply({ ticket_id: external.ticket_id, customer_user_id: c.userId }), 400, "MISSING_PARAMETER", "customer_account_id"],
        [reply({ ticket_id: external.ticket_id, customer_account_id: d.accountId, customer_user_id: d.userId }), 404, "NOT_FOUND", "ticket_id"],
        [reply({ ticket_id: external.ticket_id, customer_account_id: c.accountId, customer_user_id: d.userId }), 404, "NOT_FOUND", "customer_user_id"],
        [reply({ ticket_id: internal.ticket_id, customer_account_id: c.accountId, customer_user_id: c.userId }), 404, "NOT_FOUND", "ticket_id"],
        [reply({ ticket_id: external.ticket_id, guest_email: "g@example.com" }), 409, "INVALID_STATE", "guest_email"],
        [
          reply({ ticket_id: external.ticket_id, customer_account_id: c.accountId, customer_user_id: c.userId, guest_email: "g@example.com" }),
          400,
          "INVALID_PARAMETER",
          "guest_email",
        ],
        [reply({ ticket_id: internal.ticket_id, guest_email: "g@example.com" }), 409, "INVALID_STATE", "guest_email"],
      ];
      for (const [params, status, code, parameter] of cases) await expectRefused(t, format, "Create", params, status, code, parameter);

      // An INTERNAL ticket of a customer is still invisible to that customer.
      await update(t, { ticket_id: internal.ticket_id, customer_account_id: c.accountId });
      const e = await expectRefused(
        t,
        format,
        "Create",
        reply({ ticket_id: internal.ticket_id, customer_account_id: c.accountId, customer_user_id: c.userId }),
        409,
        "INVALID_STATE",
        "customer_user_id",
      );
      expect(e.message).toMatch(/INTERNAL tickets are invisible to customers/);
    });
  }
});

describe("Ticket/List", () => {
  for (const format of FORMATS) {
    it(`${format}: filters, orders and pages; total counts every match; ticket_id and friendly_ticket_id both find a ticket`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const one = await create(t, NEW());
      const two = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: c.subscriptionId }));
      const three = await create(t, NEW({ customer_account_id: c.accountId, customer_user_id: c.userId }));
      const four = await create(t, NEW({ guest_email: "lead@example.com" }));
      const five = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: d.accountId }));
      await update(t, { ticket_id: three.ticket_id, working_status: "ON HOLD" });
      await update(t, { ticket_id: five.ticket_id, working_status: "ON HOLD" });
      await replyTo(t, two.ticket_id, { message: "Second" });

      const ids = async (params: Record<string, string>) => (await list(t, format, params)).tickets.map((x) => x.friendly_ticket_id);
      expect(await ids({})).toEqual(["1", "2", "3", "4", "5"]);
      expect(await ids({ order: "desc" })).toEqual(["5", "4", "3", "2", "1"]);
      expect(await ids({ direction: "EXTERNAL" })).toEqual(["2", "5"]);
      expect(await ids({ direction: "EXTERNAL-CUSTOMER" })).toEqual(["3", "4"]);
      expect(await ids({ working_status: "ON HOLD" })).toEqual(["3", "5"]);
      expect(await ids({ working_status: "OPEN", direction: "INTERNAL" })).toEqual(["1"]);
      expect(await ids({ customer_account_id: c.accountId })).toEqual(["2", "3"]);
      expect(await ids({ subscription_id: c.subscriptionId })).toEqual(["2"]);
      expect(await ids({ ticket_id: four.ticket_id })).toEqual(["4"]);
      expect(await ids({ friendly_ticket_id: "4" })).toEqual(["4"]);
      expect(await ids({ friendly_ticket_id: "6" })).toEqual([]);
      expect(await ids({ ticket_id: "4" })).toEqual([]);

      const page = await list(t, format, { limit: "2", offset: "1", order: "desc" });
      expect(page).toMatchObject({ count: "2", total: "5" });
      expect(page.tickets.map((x) => x.friendly_ticket_id)).toEqual(["4", "3"]);
      expect((await list(t, format, { offset: "5" })).count).toBe("0");

      const withMessages = (await list(t, format, { ticket_id: two.ticket_id })).tickets[0];
      expect(withMessages).toMatchObject({
        ticket_id: two.ticket_id,
        direction: "EXTERNAL",
        customer_account_id: c.accountId,
        subscription_id: c.subscriptionId,
      });
      expect(withMessages.messages.map((m: any) => [m.message, m.author_type])).toEqual([
        ["My invoice shows Gold.", "STAFF"],
        ["Second", "STAFF"],
      ]);
      expect(one.ticket_id).toBeTruthy();
    });

    it(`${format}: limit is 1 to ${MAX_TICKETS_LISTED}, default ${MAX_TICKETS_LISTED}; other parameters are validated`, async () => {
      const t = await bulkTenant();
      const all = await list(t, format);
      expect(all).toMatchObject({ count: "300", total: "301" });
      expect(all.tickets[299].friendly_ticket_id).toBe("300");
      expect((await list(t, format, { limit: "300" })).count).toBe("300");
      expect((await list(t, format, { limit: "1", order: "desc" })).tickets.map((x) => x.friendly_ticket_id)).toEqual(["301"]);
      expect((await list(t, format, { offset: "300" })).tickets.map((x) => x.friendly_ticket_id)).toEqual(["301"]);
      for (const [params, parameter] of [
        [{ limit: "301" }, "limit"],
        [{ limit: "0" }, "limit"],
        [{ limit: "ten" }, "limit"],
        [{ offset: "-1" }, "offset"],
        [{ order: "newest" }, "order"],
        [{ direction: "OUTBOUND" }, "direction"],
        [{ working_status: "DONE" }, "working_status"],
        [{ friendly_ticket_id: "abc" }, "friendly_ticket_id"],
      ] as const) {
        const r = await call(format, "Ticket/List", { creds: t, params });
        expect(r.status, r.text).toBe(400);
        expect(errorOf(format, r.body)).toMatchObject({ code: "INVALID_PARAMETER", parameter });
      }
      const r = await call(format, "Ticket/List", { creds: t, params: { limit: "301" } });
      expect(errorOf(format, r.body).message).toBe("limit must be at most 300");
    });

    it(`${format}: another brand's tickets and ids are never listed`, async () => {
      const t = await makeTenant();
      await create(t, NEW());
      const filters: Record<string, string>[] = [
        { ticket_id: theirTicket.ticket_id },
        { customer_account_id: theirs.accountId },
        { subscription_id: theirs.subscriptionId },
        { friendly_ticket_id: "2" },
      ];
      for (const params of filters) {
        expect((await list(t, format, params)).count, JSON.stringify(params)).toBe("0");
      }
      expect((await list(t, format)).total).toBe("1");
    });
  }
});

/** A brand with 301 tickets, written directly (creating them through the API would only be slower). */
let bulk: Promise<Tenant> | undefined;
function bulkTenant() {
  bulk ??= (async () => {
    const t = await makeTenant();
    const db = await getDb();
    const now = new Date();
    await db.insert(tickets).values(
      Array.from({ length: 301 }, (_, i) => ({
        id: newId(),
        brandId: t.brand_id,
        friendlyTicketId: i + 1,
        subject: `Bulk ${i + 1}`,
        direction: "INTERNAL" as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return t;
  })();
  return bulk;
}

describe("Ticket/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: changes only what is supplied; working_status takes any of its five values`, async () => {
      const clock = new ManualClock("2026-06-01T10:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const opened = await create(t, NEW({ department: "Billing" }));
      clock.advance({ hours: 1 });
      const renamed = await update(t, { ticket_id: opened.ticket_id, subject: "Plan mix-up" }, format);
      expect(renamed).toMatchObject({
        subject: "Plan mix-up",
        department: "Billing",
        working_status: "OPEN",
        direction: "INTERNAL",
        friendly_ticket_id: "1",
        updated: "2026-06-01T11:00:00Z",
      });
      expect(renamed.messages).toEqual(opened.messages);
      for (const status of ["ANSWERED", "WORKING", "ON HOLD", "CLOSED", "OPEN"]) {
        expect(await update(t, { ticket_id: opened.ticket_id, working_status: status }, format)).toMatchObject({
          working_status: status,
          subject: "Plan mix-up",
          department: "Billing",
        });
      }
      expect(await update(t, { ticket_id: opened.ticket_id, working_status: "CLOSED", department: "" }, format)).toMatchObject({
        working_status: "CLOSED",
        department: "",
        subject: "Plan mix-up",
      });
      const untouched = await update(t, { ticket_id: opened.ticket_id }, format);
      expect(untouched).toMatchObject({ working_status: "CLOSED", department: "", subject: "Plan mix-up" });

      await expectRefused(t, format, "Update", { ticket_id: opened.ticket_id, subject: "" }, 400, "INVALID_PARAMETER", "subject");
      await expectRefused(t, format, "Update", { ticket_id: opened.ticket_id, working_status: "DONE" }, 400, "INVALID_PARAMETER", "working_status");
      await expectRefused(t, format, "Update", { ticket_id: opened.ticket_id, working_status: "" }, 400, "INVALID_PARAMETER", "working_status");
      await expectRefused(t, format, "Update", { subject: "x" }, 400, "MISSING_PARAMETER", "ticket_id");
      await expectRefused(t, format, "Update", { ticket_id: "1", subject: "x" }, 404, "NOT_FOUND", "ticket_id");
    });

    it(`${format}: a subscription must be one of the ticket's customer account`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const ticket = await create(t, NEW());
      const id = ticket.ticket_id;
      await expectRefused(t, format, "Update", { ticket_id: id, subscription_id: c.subscriptionId }, 400, "MISSING_PARAMETER", "customer_account_id");
      await expectRefused(
        t,
        format,
        "Update",
        { ticket_id: id, customer_account_id: c.accountId, subscription_id: d.subscriptionId },
        404,
        "NOT_FOUND",
        "subscription_id",
      );
      expect(await update(t, { ticket_id: id, customer_account_id: c.accountId }, format)).toMatchObject({
        customer_account_id: c.accountId,
        subscription_id: "",
      });
      // The ticket's own account counts: subscription_id alone is enough now.
      expect(await update(t, { ticket_id: id, subscription_id: c.subscriptionId }, format)).toMatchObject({
        customer_account_id: c.accountId,
        subscription_id: c.subscriptionId,
      });
      await expectRefused(t, format, "Update", { ticket_id: id, subscription_id: d.subscriptionId }, 404, "NOT_FOUND", "subscription_id");
      await expectRefused(t, format, "Update", { ticket_id: id, customer_account_id: d.accountId }, 409, "INVALID_STATE", "customer_account_id");
      await expectRefused(t, format, "Update", { ticket_id: id, customer_account_id: "" }, 409, "INVALID_STATE", "customer_account_id");
      expect(await update(t, { ticket_id: id, customer_account_id: d.accountId, subscription_id: d.subscriptionId }, format)).toMatchObject({
        customer_account_id: d.accountId,
        subscription_id: d.subscriptionId,
      });
      expect(await update(t, { ticket_id: id, subscription_id: "" }, format)).toMatchObject({ customer_account_id: d.accountId, subscription_id: "" });
      expect(await update(t, { ticket_id: id, customer_account_id: "" }, format)).toMatchObject({ customer_account_id: "", subscription_id: "" });
    });

    it(`${format}: an EXTERNAL ticket keeps a customer account; a guest's ticket may lose or gain one`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const external = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId }));
      await expectRefused(t, format, "Update", { ticket_id: external.ticket_id, customer_account_id: "" }, 409, "INVALID_STATE", "customer_account_id");
      const byCustomer = await create(t, NEW({ direction: "EXTERNAL-CUSTOMER", customer_account_id: c.accountId }));
      await expectRefused(t, format, "Update", { ticket_id: byCustomer.ticket_id, customer_account_id: "" }, 409, "INVALID_STATE", "customer_account_id");
      const byGuest = await create(t, NEW({ guest_email: "lead@example.com" }));
      expect(await update(t, { ticket_id: byGuest.ticket_id, customer_account_id: c.accountId }, format)).toMatchObject({
        customer_account_id: c.accountId,
        guest_email: "lead@example.com",
      });
      expect(await update(t, { ticket_id: byGuest.ticket_id, customer_account_id: "" }, format)).toMatchObject({ customer_account_id: "" });
    });

    it(`${format}: another brand's ticket, account or subscription is 404 and nothing changes`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const mine = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId }));
      await expectRefused(t, format, "Update", { ticket_id: theirTicket.ticket_id, working_status: "CLOSED" }, 404, "NOT_FOUND", "ticket_id");
      await expectRefused(t, format, "Update", { ticket_id: mine.ticket_id, customer_account_id: theirs.accountId }, 404, "NOT_FOUND", "customer_account_id");
      await expectRefused(t, format, "Update", { ticket_id: mine.ticket_id, subscription_id: theirs.subscriptionId }, 404, "NOT_FOUND", "subscription_id");
      expect((await list(other, "json", { ticket_id: theirTicket.ticket_id })).tickets[0].working_status).toBe("OPEN");
    });
  }
});

describe("Ticket/Merge", () => {
  for (const format of FORMATS) {
    it(`${format}: moves the merged ticket's messages in time order; the survivor keeps its fields; the merged one is gone`, async () => {
      const clock = new ManualClock("2026-07-01T09:00:00Z");
      useClock(clock);
      const t = await makeTenant();
      const c = await customer(t);
      const tick = () => clock.advance({ minutes: 1 });
      const a = await create(
        t,
        NEW({ subject: "Card declined", department: "Billing", customer_account_id: c.accountId, customer_user_id: c.userId, message: "A1" }),
      );
      tick();
      const b = await create(
        t,
        NEW({ subject: "Payment failed", department: "Payments", direction: "EXTERNAL", customer_account_id: c.accountId, message: "B1" }),
      );
      tick();
      await replyTo(t, a.ticket_id, { message: "A2" });
      tick();
      await replyTo(t, b.ticket_id, { message: "B2", customer_account_id: c.accountId, customer_user_id: c.userId });
      tick();
      await replyTo(t, a.ticket_id, { message: "A3" });
      await update(t, { ticket_id: a.ticket_id, working_status: "WORKING" });
      await update(t, { ticket_id: b.ticket_id, working_status: "CLOSED" });
      tick();

      const merged = await send(t, format, "Merge", "PATCH", { ticket_id: a.ticket_id, merge_ticket_id: b.ticket_id });
      expect(merged).toMatchObject({
        ticket_id: a.ticket_id,
        friendly_ticket_id: "1",
        subject: "Card declined",
        direction: "EXTERNAL-CUSTOMER",
        department: "Billing",
        working_status: "WORKING",
        customer_account_id: c.accountId,
        updated: "2026-07-01T09:05:00Z",
      });
      expect(merged.messages.map((m: any) => [m.message, m.author_type])).toEqual([
        ["A1", "CUSTOMER"],
        ["B1", "STAFF"],
        ["A2", "STAFF"],
        ["B2", "CUSTOMER"],
        ["A3", "STAFF"],
      ]);
      expect((await list(t, format, { ticket_id: a.ticket_id })).tickets[0].messages).toEqual(merged.messages);

      // The merged ticket ceases to exist, and its number is not handed out again.
      expect((await list(t, format, { ticket_id: b.ticket_id })).count).toBe("0");
      expect((await list(t, format, { friendly_ticket_id: "2" })).count).toBe("0");
      expect((await list(t, format)).total).toBe("1");
      await expectRefused(t, format, "Create", { type: "REPLY", ticket_id: b.ticket_id, message: "Hello?" }, 404, "NOT_FOUND", "ticket_id");
      await expectRefused(t, format, "Merge", { ticket_id: a.ticket_id, merge_ticket_id: b.ticket_id }, 404, "NOT_FOUND", "merge_ticket_id");
      expect((await create(t, NEW())).friendly_ticket_id).toBe("3");
    });

    it(`${format}: merges tickets without customer or subscription, and those with the same ones`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const [a, b] = [await create(t, NEW({ message: "one" })), await create(t, NEW({ message: "two" }))];
      expect((await send(t, format, "Merge", "PATCH", { ticket_id: b.ticket_id, merge_ticket_id: a.ticket_id })).messages.map((m: any) => m.message)).toEqual([
        "one",
        "two",
      ]);
      const link = { direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: c.subscriptionId };
      const [x, y] = [await create(t, NEW(link)), await create(t, NEW(link))];
      expect(await send(t, format, "Merge", "PATCH", { ticket_id: x.ticket_id, merge_ticket_id: y.ticket_id })).toMatchObject({
        ticket_id: x.ticket_id,
        subscription_id: c.subscriptionId,
      });
    });

    it(`${format}: refuses tickets of different customers or subscriptions (Errors 7), a ticket into itself, and other brands' tickets`, async () => {
      const t = await makeTenant();
      const c = await customer(t);
      const d = await customer(t);
      const none = await create(t, NEW());
      const ofC = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId }));
      const ofD = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: d.accountId }));
      const ofCSub = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: c.subscriptionId }));
      const otherSubId = await subscriptionFor(t, c.accountId);
      const ofCOtherSub = await create(t, NEW({ direction: "EXTERNAL", customer_account_id: c.accountId, subscription_id: otherSubId }));
      const merge = (a: any, b: any) => ({ ticket_id: a.ticket_id, merge_ticket_id: b.ticket_id });
      const e = await expectRefused(t, format, "Merge", merge(ofC, ofD), 409, "INVALID_STATE", "merge_ticket_id");
      expect(e.message).toMatch(/different customer accounts/);
      await expectRefused(t, format, "Merge", merge(none, ofC), 409, "INVALID_STATE", "merge_ticket_id");
      await expectRefused(t, format, "Merge", merge(ofC, none), 409, "INVALID_STATE", "merge_ticket_id");
      expect((await expectRefused(t, format, "Merge", merge(ofC, ofCSub), 409, "INVALID_STATE", "merge_ticket_id")).message).toMatch(/different subscriptions/);
      await expectRefused(t, format, "Merge", merge(ofCSub, ofC), 409, "INVALID_STATE", "merge_ticket_id");
      await expectRefused(t, format, "Merge", merge(ofCSub, ofCOtherSub), 409, "INVALID_STATE", "merge_ticket_id");
      await expectRefused(t, format, "Merge", merge(none, none), 400, "INVALID_PARAMETER", "merge_ticket_id");
      await expectRefused(t, format, "Merge", { ticket_id: none.ticket_id }, 400, "MISSING_PARAMETER", "merge_ticket_id");
      await expectRefused(t, format, "Merge", { ticket_id: none.ticket_id, merge_ticket_id: ofC.friendly_ticket_id }, 404, "NOT_FOUND", "merge_ticket_id");
      await expectRefused(t, format, "Merge", merge(none, theirTicket), 404, "NOT_FOUND", "merge_ticket_id");
      await expectRefused(t, format, "Merge", merge(theirTicket, none), 404, "NOT_FOUND", "ticket_id");
    });
  }
});

describe("Ticket/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes the ticket with its messages, answering it as it was; only by ticket_id`, async () => {
      const t = await makeTenant();
      const first = await create(t, NEW());
      await replyTo(t, first.ticket_id, { message: "More" });
      const kept = await create(t, NEW());
      await expectRefused(t, format, "Delete", { ticket_id: first.friendly_ticket_id }, 404, "NOT_FOUND", "ticket_id");
      await expectRefused(t, format, "Delete", {}, 400, "MISSING_PARAMETER", "ticket_id");
      const gone = await send(t, format, "Delete", "DELETE", { ticket_id: first.ticket_id });
      expect(gone).toMatchObject({ ticket_id: first.ticket_id, friendly_ticket_id: "1" });
      expect(gone.messages.map((m: any) => m.message)).toEqual(["My invoice shows Gold.", "More"]);
      const rest = await snapshot(t.brand_id);
      expect(rest.tickets.map((x) => x.id)).toEqual([kept.ticket_id]);
      expect(rest.messages.map((m) => m.ticketId)).toEqual([kept.ticket_id]);
      await expectRefused(t, format, "Delete", { ticket_id: first.ticket_id }, 404, "NOT_FOUND", "ticket_id");
      await expectRefused(t, format, "Create", { type: "REPLY", ticket_id: first.ticket_id, message: "m" }, 404, "NOT_FOUND", "ticket_id");
      expect((await create(t, NEW())).friendly_ticket_id).toBe("3");
    });

    it(`${format}: another brand's ticket is 404 and stays`, async () => {
      const t = await makeTenant();
      await expectRefused(t, format, "Delete", { ticket_id: theirTicket.ticket_id }, 404, "NOT_FOUND", "ticket_id");
      expect((await list(other, "json", { ticket_id: theirTicket.ticket_id })).count).toBe("1");
    });
  }
});
