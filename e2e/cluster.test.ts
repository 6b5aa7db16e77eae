/**
 * Two instances of the built server (scripts/serve.js) over one PostgreSQL behind a small
 * round-robin proxy (issue 34 item 5, in part): a key's throttle budget holds in total, not per
 * instance; an Idempotency-Key repeated on the other instance replays the first answer; a revoked
 * key fails on both within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, request, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { startServer, type RunningServer } from "./support/server";
import { makeTenant, type Tenant } from "../tests/support/api";
import { getDb } from "../db/client";
import { hashSecret } from "../lib/ids";

/** A budget small enough to spend in a moment, with a window (8 s) longer than spending it takes. */
const BURST = 8;

let instances: RunningServer[] = [];
let proxy: { server: Server; baseUrl: string };

/** Each request to the next instance in turn, as a load balancer would. */
function roundRobin(targets: string[]): Promise<{ server: Server; baseUrl: string }> {
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

beforeAll(async () => {
  const env = { DATABASE_URL: process.env.DATABASE_URL!, RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: String(BURST), AUTH_CACHE_MS: "60000" };
  instances = await Promise.all([startServer(env), startServer(env)]);
  proxy = await roundRobin(instances.map((i) => i.baseUrl));
});
afterAll(async () => {
  proxy?.server.close();
  await Promise.all(instances.map((i) => i.stop()));
});

const headers = (t: Tenant) => ({ "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id });
const list = (base: string, t: Tenant) => fetch(`${base}/api/json/Product/List`, { headers: headers(t) });

describe("two instances over one PostgreSQL", () => {
  it("a key's throttle budget holds in total, whichever instance answers", async () => {
    const t = await makeTenant();
    const statuses: number[] = [];
    // Three times the budget, four at a time: alternately on each instance through the proxy.
    for (let i = 0; i < 3 * BURST; i += 4) statuses.push(...(await Promise.all(Array.from({ length: 4 }, async () => (await list(proxy.baseUrl, t)).status))));
    const allowed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Per instance it would be twice the budget.
    expect(allowed).toBeLessThanOrEqual(BURST);
    expect(allowed).toBeGreaterThan(0);
  });

  it("an Idempotency-Key repeated on the other instance replays the first answer", async () => {
    const t = await makeTenant();
    const email = `cluster-${Date.now()}@example.com`;
    const create = (base: string) =>
      fetch(`${base}/api/json/Account/Create`, {
        method: "POST",
        headers: { ...headers(t), "content-type": "application/x-www-form-urlencoded", "idempotency-key": "cluster-once" },
        body: new URLSearchParams({
          first_name: "Ada",
          last_name: "Lovelace",
          email_address: email,
          country: "US",
          locale: "en-US",
          timezone_id: "America/New_York",
          skip_notification: "Y",
        }),
      });
    const first = await create(instances[0].baseUrl);
    expect(first.status).toBe(200);
    const second = await create(instances[1].baseUrl);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const [a, b] = [await first.json(), await second.json()];
    expect(b.customer_account.customer_account_id).toBe(a.customer_account.customer_account_id);
    const [{ n }] = (await (await getDb()).execute(sql`select count(*)::int as n from customer_accounts where brand_id = ${t.brand_id}`)) as unknown as {
      n: number;
    }[];
    expect(n).toBe(1);
  });

  it("a revoked key fails on both instances within a second, though each had it cached", async () => {
    const t = await makeTenant();
    for (const i of instances) expect((await list(i.baseUrl, t)).status).toBe(200);
    await (await getDb()).execute(sql`update api_keys set revoked_at = now() where key_hash = ${hashSecret(t.key)}`);
    const revokedAt = Date.now();
    for (const i of instances) {
      let status = 0;
      while (Date.now() - revokedAt < 1000 && (status = (await list(i.baseUrl, t)).status) === 200) await new Promise((r) => setTimeout(r, 50));
      expect(status, i.baseUrl).toBe(401);
    }
  });
});
