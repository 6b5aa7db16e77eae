/**
 * Deliveries (issue 19, item 3): the list of every email and post of a brand with its filters, the
 * detail, and replays (one, or every failed one in a range of days): same event id, marked
 * replayed, only what may be replayed, never another brand's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { brands, emailDeliveries, outboxEvents } from "../db/schema";
import { contextFromStaffSession, type Context } from "../lib/auth/context";
import { staffActions } from "../lib/dashboard/actions";
import { newId } from "../lib/ids";
import { deliveriesPage, deliveryDetail } from "../lib/deliveries/deliveries";
import { REPLAY_BATCH } from "../lib/deliveries/replay";
import { makeTenant, type Tenant } from "./support/api";

type Status = "pending" | "delivered" | "failed";
interface Seed {
  type: string;
  status: Status;
  at: string;
  payload?: unknown;
  lastError?: string | null;
  brandId?: string;
}

let db: Db;
let mine: Tenant;
let theirs: Tenant;
let ctx: Context;
const customerX = newId();
const customerY = newId();
const session = () => ({ staffUserId: mine.staffUserId });

const postTo = (url: string, customer?: string) => ({
  url,
  fields: [["event", "new_subscription"], ...(customer ? [["customer_account_id", customer]] : [])],
});
const about = (customer: string) => ({ to_email: "jane@example.com", customer: { customer_account_id: customer, first_name: "Jane" } });

/** Inserts outbox events as a delivery run would have left them. */
async function seed(...rows: Seed[]) {
  const values = rows.map((r) => ({
    id: newId(),
    brandId: r.brandId ?? mine.brand_id,
    type: r.type,
    payload: r.payload ?? postTo("http://127.0.0.1:9/hooks"),
    status: r.status,
    attempts: r.status === "pending" && !r.lastError ? 0 : r.status === "failed" ? 25 : 1,
    nextAttemptAt: new Date(r.at),
    lastError: r.lastError === undefined ? (r.status === "failed" ? "answered 503" : null) : r.lastError,
    createdAt: new Date(r.at),
    deliveredAt: r.status === "delivered" ? new Date(r.at) : null,
  }));
  await db.insert(outboxEvents).values(values);
  return values.map((v) => v.id);
}

const ids = async (query: Parameters<typeof deliveriesPage>[1]) => (await deliveriesPage(ctx, query, { pageSize: 100 })).rows.map((r) => r.delivery_id).sort();
const row = async (id: string) => (await db.select().from(outboxEvents).where(eq(outboxEvents.id, id)))[0];

beforeAll(async () => {
  db = await getDb();
  [mine, theirs] = await Promise.all([makeTenant(), makeTenant()]);
  // Day filters are the brand's days: New York is 5 hours behind UTC in November.
  await db.update(brands).set({ timezoneId: "America/New_York" }).where(eq(brands.id, mine.brand_id));
  ctx = await contextFromStaffSession(db, { staffUserId: mine.staffUserId, brandId: mine.brand_id });
});

describe("the deliveries list", () => {
  let a: string, b: string, c: string, d: string, late: string, internal: string, other: string;
  beforeAll(async () => {
    [a, b, c, d, late, internal] = await seed(
      { type: "post/action_url", status: "failed", at: "2026-11-10T15:00:00Z", payload: postTo("http://receiver.test/a", customerX) },
      { type: "Invoice/Create", status: "delivered", at: "2026-11-12T15:00:00Z", payload: about(customerX) },
      { type: "post/dunning", status: "pending", at: "2026-11-15T15:00:00Z", lastError: "answered 500", payload: postTo("http://receiver.test/c", customerY) },
      { type: "Account/Create", status: "pending", at: "2026-11-20T15:00:00Z", payload: about(customerY) },
      // 11/21 03:00 UTC is still 11/20 in New York.
      { type: "post/action_url", status: "failed", at: "2026-11-21T03:00:00Z" },
      { type: "billing/generate", status: "failed", at: "2026-11-12T15:00:00Z", payload: { subscription_ids: [] } },
    );
    [other] = await seed({
      type: "post/action_url",
      status: "failed",
      at: "2026-11-12T15:00:00Z",
      brandId: theirs.brand_id,
      payload: postTo("http://receiver.test/a", customerX),
    });
  });

  it("lists the brand's emails and posts only: no internal event, nothing of another brand", async () => {
    const all = await ids({});
    expect(all).toEqual([a, b, c, d, late].sort());
    expect(all).not.toContain(internal);
    expect(all).not.toContain(other);
  });

  it("filters by status (queued, retrying, delivered, failed), channel and event type", async () => {
    expect(await ids({ status: "failed" })).toEqual([a, late].sort());
    expect(await ids({ status: "retrying" })).toEqual([c]);
    expect(await ids({ status: "queued" })).toEqual([d]);
    expect(await ids({ status: "delivered" })).toEqual([b]);
    expect(await ids({ channel: "post" })).toEqual([a, c, late].sort());
    expect(await ids({ channel: "email" })).toEqual([b, d].sort());
    expect(await ids({ type: "Invoice/Create" })).toEqual([b]);
    expect(await ids({ type: "billing/generate" })).toEqual([]);
  });

  it("filters by customer account: a notification's customer or a post's customer_account_id field", async () => {
    expect(await ids({ customer_account_id: customerX })).toEqual([a, b].sort());
    expect(await ids({ customer_account_id: customerY })).toEqual([c, d].sort());
    expect(await ids({ customer_account_id: "not-a-uuid" })).toEqual([]);
  });

  it("filters by days in the brand's time zone, both ends included", async () => {
    expect(await ids({ from: "2026-11-11", to: "2026-11-15" })).toEqual([b, c].sort());
    expect(await ids({ from: "2026-11-20", to: "2026-11-20" })).toEqual([d, late].sort());
    expect(await ids({ from: "2026-11-21" })).toEqual([]);
    expect(await ids({ to: "2026-11-10" })).toEqual([a]);
  });

  it("searches the type, the payload and the recipients", async () => {
    expect(await ids({ q: "receiver.test/c" })).toEqual([c]);
    expect(await ids({ q: "invoice/create" })).toEqual([b]);
    expect(await ids({ q: "100%_" })).toEqual([]);
  });

  it("shows a row's status, target, customer and next retry", async () => {
    const { rows } = await deliveriesPage(ctx, { status: "retrying" });
    expect(rows[0]).toMatchObject({ delivery_id: c, channel: "post", status: "retrying", target: "http://receiver.test/c", customer_account_id: customerY });
    expect(rows[0].next_attempt_at).toEqual(new Date("2026-11-15T15:00:00Z"));
  });

  it("a detail is found in its brand only, never for an internal event, and never shows a one-time password", async () => {
    expect(await deliveryDetail(ctx, other)).toBeNull();
    expect(await deliveryDetail(ctx, internal)).toBeNull();
    expect(await deliveryDetail(ctx, "nope")).toBeNull();
    const [secret] = await seed({
      type: "User/Create",
      status: "pending",
      at: "2026-11-20T15:00:00Z",
      payload: { to_email: "jane@example.com", user: { username: "jane", initial_password: "Secret-123" } },
    });
    const detail = await deliveryDetail(ctx, secret);
    expect(JSON.stringify(detail)).not.toContain("Secret-123");
    expect(detail?.payload).toMatchObject({ user: { username: "jane" } });
  });
});

describe("replaying one delivery", () => {
  it("re-queues a failed delivery under the same id, marked replayed (count and time), with a fresh schedule", async () => {
    const [id] = await seed({ type: "post/action_url", status: "failed", at: "2026-11-12T15:00:00Z" });
    const r = await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: id });
    expect(r).toMatchObject({ ok: true, data: { delivery_id: id, status: "queued", replay_count: 1 } });
    const after = await row(id);
    expect(after).toMatchObject({ id, status: "pending", attempts: 0, lastError: null, replayCount: 1 });
    expect(after.replayedAt).toBeInstanceOf(Date);
    const again = await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: id });
    // Queued again: it is on its way, a second replay is refused until it has been tried.
    expect(again).toMatchObject({ ok: false, error: { code: "INVALID_STATE", parameter: "delivery_id" } });
    expect((await row(id)).replayCount).toBe(1);
  });

  it("a retrying delivery may be replayed (sent now); a delivered post may (the receiver de-duplicates by its id); a delivered email may not", async () => {
    const [retrying, deliveredPost, deliveredEmail] = await seed(
      { type: "post/dunning", status: "pending", at: "2026-11-12T15:00:00Z", lastError: "answered 500" },
      { type: "post/action_url", status: "delivered", at: "2026-11-12T15:00:00Z" },
      { type: "Invoice/Create", status: "delivered", at: "2026-11-12T15:00:00Z", payload: about(customerX) },
    );
    expect(await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: retrying })).toMatchObject({ ok: true });
    expect(await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: deliveredPost })).toMatchObject({ ok: true });
    expect((await row(deliveredPost)).deliveredAt).toBeNull();
    expect(await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: deliveredEmail })).toMatchObject({
      ok: false,
      error: { code: "INVALID_STATE" },
    });
    expect(await row(deliveredEmail)).toMatchObject({ status: "delivered", replayCount: 0 });
  });

  it("an event that carried a one-time code is not replayed (the code was erased)", async () => {
    const [code] = await seed({ type: "User/2FARequest", status: "failed", at: "2026-11-12T15:00:00Z", payload: about(customerX) });
    expect(await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: code })).toMatchObject({
      ok: false,
      error: { code: "INVALID_STATE" },
    });
    expect((await row(code)).status).toBe("failed");
  });

  it("another brand's delivery, or an internal event, is not found and stays as it was", async () => {
    const [theirsFailed] = await seed({ type: "post/action_url", status: "failed", at: "2026-11-12T15:00:00Z", brandId: theirs.brand_id });
    const [internal] = await seed({ type: "billing/generate", status: "failed", at: "2026-11-12T15:00:00Z", payload: { subscription_ids: [] } });
    for (const id of [theirsFailed, internal]) {
      expect(await staffActions.deliveryReplay.run(session(), mine.brand_id, { delivery_id: id })).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
      expect(await row(id)).toMatchObject({ status: "failed", replayCount: 0, replayedAt: null });
    }
  });

  it("a sandbox brand's replay is stamped with its test clock, and due at once in real time", async () => {
    const sandbox = await makeTenant();
    const clockAt = new Date("2027-03-01T09:30:00Z");
    await db.update(brands).set({ sandbox: true, testClockAt: clockAt }).where(eq(brands.id, sandbox.brand_id));
    const [id] = await seed({ type: "post/action_url", status: "failed", at: "2027-02-20T12:00:00Z", brandId: sandbox.brand_id });
    const before = Date.now();
    expect(await staffActions.deliveryReplay.run({ staffUserId: sandbox.staffUserId }, sandbox.brand_id, { delivery_id: id })).toMatchObject({ ok: true });
    const after = await row(id);
    expect(after.replayedAt).toEqual(clockAt);
    expect(after.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.nextAttemptAt.getTime()).toBeLessThan(clockAt.getTime());
  });
});

describe("replaying every failed delivery in a range", () => {
  it("re-queues only the failed ones created in the range (the brand's days), of this brand, and says how many", async () => {
    const brand = await makeTenant();
    await db.update(brands).set({ timezoneId: "America/New_York" }).where(eq(brands.id, brand.brand_id));
    const mk = (s: Omit<Seed, "brandId">) => ({ ...s, brandId: brand.brand_id });
    const [before, inside, insideLate, delivered, retrying, after, code, internal] = await seed(
      mk({ type: "post/action_url", status: "failed", at: "2026-11-10T15:00:00Z" }),
      mk({ type: "post/dunning", status: "failed", at: "2026-11-12T15:00:00Z" }),
      // 11/14 02:00 UTC is 11/13 in New York: inside.
      mk({ type: "Invoice/Create", status: "failed", at: "2026-11-14T02:00:00Z", payload: about(customerX) }),
      mk({ type: "post/action_url", status: "delivered", at: "2026-11-12T15:00:00Z" }),
      mk({ type: "post/action_url", status: "pending", lastError: "answered 500", at: "2026-11-12T15:00:00Z" }),
      mk({ type: "post/action_url", status: "failed", at: "2026-11-14T15:00:00Z" }),
      mk({ type: "User/PasswdReset", status: "failed", at: "2026-11-12T15:00:00Z", payload: about(customerX) }),
      mk({ type: "billing/generate", status: "failed", at: "2026-11-12T15:00:00Z", payload: { subscription_ids: [] } }),
    );
    const [theirsInside] = await seed({ type: "post/dunning", status: "failed", at: "2026-11-12T15:00:00Z", brandId: theirs.brand_id });
    const r = await staffActions.deliveriesReplayFailed.run({ staffUserId: brand.staffUserId }, brand.brand_id, { from: "11/11/2026", to: "11/13/2026" });
    expect(r).toMatchObject({ ok: true, data: { replayed: 2, remaining: 0 } });
    const rows = await db
      .select()
      .from(outboxEvents)
      .where(inArray(outboxEvents.id, [before, inside, insideLate, delivered, retrying, after, code, internal, theirsInside]));
    const byId = new Map(rows.map((x) => [x.id, x]));
    for (const id of [inside, insideLate]) expect(byId.get(id)).toMatchObject({ id, status: "pending", attempts: 0, replayCount: 1 });
    for (const id of [before, after, code, internal, theirsInside]) expect(byId.get(id)).toMatchObject({ status: "failed", replayCount: 0 });
    expect(byId.get(delivered)).toMatchObject({ status: "delivered", replayCount: 0 });
    expect(byId.get(retrying)).toMatchObject({ status: "pending", replayCount: 0 });
  });

  it("narrows to a channel, a type or a customer", async () => {
    const brand = await makeTenant();
    const mk = (s: Omit<Seed, "brandId">) => ({ ...s, brandId: brand.brand_id, at: "2026-11-12T15:00:00Z" });
    const [post, email, postX] = await seed(
      mk({ type: "post/action_url", status: "failed", at: "" }),
      mk({ type: "Invoice/Create", status: "failed", at: "", payload: about(customerY) }),
      mk({ type: "post/dunning", status: "failed", at: "", payload: postTo("http://receiver.test/x", customerX) }),
    );
    const run = (extra: Record<string, string>) =>
      staffActions.deliveriesReplayFailed.run({ staffUserId: brand.staffUserId }, brand.brand_id, { from: "11/1/2026", to: "11/30/2026", ...extra });
    expect(await run({ customer_account_id: customerX })).toMatchObject({ ok: true, data: { replayed: 1 } });
    expect((await row(postX)).replayCount).toBe(1);
    expect(await run({ channel: "email" })).toMatchObject({ ok: true, data: { replayed: 1 } });
    expect((await row(email)).replayCount).toBe(1);
    expect(await run({ type: "post/action_url" })).toMatchObject({ ok: true, data: { replayed: 1, remaining: 0 } });
    expect((await row(post)).replayCount).toBe(1);
  });

  it(`takes at most ${REPLAY_BATCH} at once, oldest first, and says how many are left`, async () => {
    const brand = await makeTenant();
    const many = Array.from({ length: REPLAY_BATCH + 3 }, (_, i) => ({
      type: "post/action_url",
      status: "failed" as const,
      at: new Date(Date.parse("2026-11-12T00:00:00Z") + i * 1000).toISOString(),
      brandId: brand.brand_id,
    }));
    const seeded = await seed(...many);
    const run = () => staffActions.deliveriesReplayFailed.run({ staffUserId: brand.staffUserId }, brand.brand_id, { from: "11/12/2026", to: "11/12/2026" });
    expect(await run()).toMatchObject({ ok: true, data: { replayed: REPLAY_BATCH, remaining: 3 } });
    expect((await row(seeded.at(-1)!)).status).toBe("failed");
    expect((await row(seeded[0])).status).toBe("pending");
    expect(await run()).toMatchObject({ ok: true, data: { replayed: 3, remaining: 0 } });
  });

  it("refuses a range that ends before it starts, and a date that is not one", async () => {
    expect(await staffActions.deliveriesReplayFailed.run(session(), mine.brand_id, { from: "11/13/2026", to: "11/11/2026" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_STATE", parameter: "to" },
    });
    expect(await staffActions.deliveriesReplayFailed.run(session(), mine.brand_id, { from: "2026-11-13", to: "11/11/2026" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_PARAMETER", parameter: "from" },
    });
  });
});

// Issue 29 item 8: without an email provider the emails stay in the local mailbox; Deliveries says
// so, with the recipient, rather than "Delivered" to nobody.
describe("emails kept in the local mailbox", () => {
  it("are shown as kept there, with their recipient; an event with nobody to send to says so; a sent one is Delivered", async () => {
    const [kept, nobody, sent] = await seed(
      { type: "Invoice/Reminder", status: "delivered", at: "2026-11-25T15:00:00Z", payload: about(customerX) },
      { type: "Invoice/Reminder", status: "delivered", at: "2026-11-25T15:00:00Z", payload: about(customerX) },
      { type: "Invoice/Reminder", status: "delivered", at: "2026-11-25T15:00:00Z", payload: about(customerX) },
    );
    const at = new Date("2026-11-25T15:00:00Z");
    const email = (eventId: string, status: "mailbox" | "sent") => ({
      id: newId(),
      brandId: mine.brand_id,
      eventId,
      eventType: "Invoice/Reminder",
      audience: "customer" as const,
      recipient: "jane@example.com",
      fromEmail: "billing@example.com",
      subject: "Reminder",
      status,
      createdAt: at,
      updatedAt: at,
      deliveredAt: at,
    });
    await db.insert(emailDeliveries).values([email(kept, "mailbox"), email(sent, "sent")]);
    expect(await deliveryDetail(ctx, kept)).toMatchObject({ status: "delivered", kept: "mailbox", target: "jane@example.com" });
    expect(await deliveryDetail(ctx, nobody)).toMatchObject({ status: "delivered", kept: "none", target: "" });
    expect(await deliveryDetail(ctx, sent)).toMatchObject({ status: "delivered", kept: null, target: "jane@example.com" });
  });
});
