/**
 * A replay end to end against a local receiver that does what a brand's integration should: checks
 * the HMAC signature (401 otherwise) and de-duplicates by the delivery id. The receiver is down, the
 * post fails for good; it comes back, staff replay it; the receiver gets the same event id, signed,
 * marked as a replay, and each attempt is logged under its replay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { brands, outboxAttempts, outboxEvents } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { staffActions } from "../lib/dashboard/actions";
import { deliverDue } from "../lib/outbox/deliver";
import { deliveryDetail } from "../lib/deliveries/deliveries";
import { emit } from "../lib/outbox/emit";
import { sinkFor } from "../lib/jobs/sinks";
import { REPLAY_HEADER, SIGNATURE_HEADER } from "../lib/webhooks/post";
import { makeTenant, type Tenant } from "./support/api";
import { openSigningSecret } from "../lib/webhooks/post";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver: down (503) or up; when up, it answers 401 to a post whose signature does not verify. */
let up = false;
let server: Server;
let url = "";
let secret = "";
const accepted: Received[] = [];
const refused: Received[] = [];
/** What the receiver acted on: once per delivery id, however often it arrives. */
const processed = new Set<string>();

function verifies(headers: IncomingHttpHeaders, body: string) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers[SIGNATURE_HEADER.toLowerCase()] ?? ""));
  if (!m) return false;
  const expected = createHmac("sha256", secret).update(`${m[1]}.${body}`).digest();
  // A receiver also refuses old timestamps: a replay is signed afresh.
  return timingSafeEqual(expected, Buffer.from(m[2], "hex")) && Math.abs(Date.now() / 1000 - Number(m[1])) < 300;
}

let db: Db;
let tenant: Tenant;
const deliver = () => deliverDue({ ctx: allBrandsContext(db, { now: () => new Date() }), input: { sinkFor, maxAttempts: 2 } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (!up) {
        res.statusCode = 503;
      } else if (!verifies(req.headers, body)) {
        refused.push({ headers: req.headers, body });
        res.statusCode = 401;
      } else {
        accepted.push({ headers: req.headers, body });
        processed.add(String(req.headers["x-billing-delivery"]));
        res.statusCode = 200;
      }
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  db = await getDb();
  tenant = await makeTenant();
  const [brand] = await db.select().from(brands).where(eq(brands.id, tenant.brand_id));
  secret = openSigningSecret(brand.id, brand.webhookSecret);
});
afterAll(() => new Promise((r) => server.close(r)));

describe("replaying a failed post to a receiver that checks the signature", () => {
  let id = "";

  it("a post to a receiver that is down fails for good", async () => {
    const [brand] = await db.select().from(brands).where(eq(brands.id, tenant.brand_id));
    id = await emit(systemContext(db, brand), {
      type: "post/action_url",
      payload: {
        url,
        fields: [
          ["event", "new_subscription"],
          ["subscription_id", "s-1"],
        ],
      },
    });
    expect(await deliver()).toMatchObject({ retried: 1 });
    await db.update(outboxEvents).set({ nextAttemptAt: new Date() }).where(eq(outboxEvents.id, id));
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(accepted).toHaveLength(0);
  });

  it("once the receiver is back, a replay delivers the same event id, freshly signed and marked as a replay", async () => {
    up = true;
    const r = await staffActions.deliveryReplay.run({ staffUserId: tenant.staffUserId }, tenant.brand_id, { delivery_id: id });
    expect(r).toMatchObject({ ok: true, data: { delivery_id: id, replay_count: 1 } });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(refused).toHaveLength(0);
    expect(accepted).toHaveLength(1);
    const got = accepted[0];
    expect(got.headers["x-billing-delivery"]).toBe(id);
    expect(got.headers["x-billing-event"]).toBe("post/action_url");
    expect(got.headers[REPLAY_HEADER.toLowerCase()]).toBe("1");
    expect(got.body).toBe("event=new_subscription&subscription_id=s-1");
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.id, id))).toMatchObject([{ status: "delivered", replayCount: 1 }]);
  });

  it("the attempt log keeps the original run and the replay apart, and the detail shows them", async () => {
    const attempts = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id)).orderBy(asc(outboxAttempts.attemptedAt));
    expect(attempts.map((a) => [a.replay, a.attempt, a.ok])).toEqual([
      [0, 1, "N"],
      [0, 2, "N"],
      [1, 1, "Y"],
    ]);
    const [brand] = await db.select().from(brands).where(eq(brands.id, tenant.brand_id));
    const detail = await deliveryDetail(systemContext(db, brand), id);
    expect(detail).toMatchObject({ status: "delivered", replay_count: 1, attempts: 1 });
    expect(detail?.attempt_log.map((a) => a.detail)).toEqual([`${url} answered 503`, `${url} answered 503`, `${url} answered 200`]);
  });

  it("a delivered post replayed again reaches the receiver with the same id, which it has already processed", async () => {
    const r = await staffActions.deliveryReplay.run({ staffUserId: tenant.staffUserId }, tenant.brand_id, { delivery_id: id });
    expect(r).toMatchObject({ ok: true, data: { replay_count: 2 } });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(accepted).toHaveLength(2);
    expect(accepted[1].headers["x-billing-delivery"]).toBe(id);
    expect(accepted[1].headers[REPLAY_HEADER.toLowerCase()]).toBe("2");
    expect([...processed]).toEqual([id]);
  });

  it("the first delivery carries no replay marker", async () => {
    const [brand] = await db.select().from(brands).where(eq(brands.id, tenant.brand_id));
    const fresh = await emit(systemContext(db, brand), { type: "post/dunning", payload: { url, fields: [["invoice_id", "i-1"]] } });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const got = accepted.at(-1)!;
    expect(got.headers["x-billing-delivery"]).toBe(fresh);
    expect(got.headers[REPLAY_HEADER.toLowerCase()]).toBeUndefined();
  });
});
