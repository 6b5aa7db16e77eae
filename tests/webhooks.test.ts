import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { makeTenant } from "./support/api";
import { getDb, type Db } from "../db/client";
import { brands, outboxAttempts } from "../db/schema";
import { systemContext, type Context, allBrandsContext } from "../lib/auth/context";
import { ManualClock } from "../lib/clock";
import { emit } from "../lib/outbox/emit";
import { deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { SIGNATURE_HEADER } from "../lib/webhooks/post";
import { openSigningSecret } from "../lib/webhooks/post";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: Server;
let url = "";
const received: Received[] = [];
let failuresLeft = 0;
let db: Db;
let ctx: Context;
let secret = "";
const clock = new ManualClock("2026-11-22T12:00:00Z");

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = failuresLeft-- > 0 ? 503 : 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  db = await getDb();
  const t = await makeTenant();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  secret = openSigningSecret(brand.id, brand.webhookSecret);
  ctx = { ...systemContext(db, brand), now: () => clock.now() };
});
afterAll(() => new Promise((r) => server.close(r)));

const run = () => deliverDue({ ctx: allBrandsContext(db, clock), input: { sinkFor } });

describe("outgoing posts", () => {
  it("are form posts signed with HMAC-SHA256 over timestamp and body with the brand's secret", async () => {
    received.length = 0;
    await emit(ctx, {
      type: "post/action_url",
      payload: {
        url,
        fields: [
          ["event", "new_subscription"],
          ["subscription_id", "s-1"],
          ["VAR1", "blue & green"],
        ],
      },
    });
    expect(await run()).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    const got = received[0];
    expect(got.body).toBe("event=new_subscription&subscription_id=s-1&VAR1=blue+%26+green");
    expect(got.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const sig = String(got.headers[SIGNATURE_HEADER.toLowerCase()]);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig)!;
    expect(Number(t)).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${got.body}`).digest("hex"));
  });

  it("a receiver that fails is retried with backoff until it answers 2xx, each attempt logged", async () => {
    received.length = 0;
    failuresLeft = 2;
    const id = await emit(ctx, { type: "post/dunning", payload: { url, fields: [["invoice_id", "i-1"]] } });
    for (let i = 0; i < 3; i++) {
      await run();
      clock.advance({ hours: 1 });
    }
    expect(received).toHaveLength(3);
    const attempts = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id)).orderBy(outboxAttempts.attempt);
    expect(attempts.map((a) => [a.ok, a.detail])).toEqual([
      ["N", `${url} answered 503`],
      ["N", `${url} answered 503`],
      ["Y", `${url} answered 200`],
    ]);
  });
});
