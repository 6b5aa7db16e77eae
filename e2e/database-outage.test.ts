/**
 * The built server started while its database is unreachable, then reachable but not created yet:
 * /api/health and the API answer 503 (with a reason; SERVICE_UNAVAILABLE in the requested format)
 * within seconds, never a bare 500 or a 40 s hang, and once the database is there the server
 * migrates it and answers 200 by itself, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, connect, type Server, type Socket } from "node:net";
import { freePort, startServer, type RunningServer } from "./support/server";
import { ADMIN_URL, createDatabase, dropDatabase, urlFor } from "../tests/support/pg";
import { openDatabase } from "../db/client";
import { createServiceAccount } from "../lib/platform/bootstrap";

const name = `${process.env.TEST_DATABASE_NAME}_late`;
const real = new URL(ADMIN_URL);

/** A port in front of PostgreSQL: closed, open but silent (a host that never answers), or forwarding. */
let mode: "silent" | "forward" = "silent";
let port: number;
let proxy: Server | undefined;
const held = new Set<Socket>();
function openProxy() {
  proxy = createServer((client) => {
    held.add(client);
    client.on("close", () => held.delete(client));
    client.on("error", () => {});
    if (mode === "silent") return;
    const upstream = connect(Number(real.port || 5432), real.hostname);
    upstream.on("error", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  return new Promise<void>((resolve) => proxy!.listen(port, "127.0.0.1", resolve));
}

let app: RunningServer;
beforeAll(async () => {
  port = await freePort();
  const url = new URL(urlFor(name));
  url.hostname = "127.0.0.1";
  url.port = String(port);
  app = await startServer({ DATABASE_URL: url.toString(), DATABASE_CONNECT_TIMEOUT: "2" }, { anyHealth: true });
});
afterAll(async () => {
  await app?.stop();
  for (const s of held) s.destroy();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  await dropDatabase(name);
});

const timed = async (path: string, headers: Record<string, string> = {}) => {
  const started = performance.now();
  const r = await fetch(`${app.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
  return { status: r.status, text: await r.text(), seconds: (performance.now() - started) / 1000 };
};

async function expectUnavailable(reason: string) {
  const health = await timed("/api/health");
  expect(health.status).toBe(503);
  expect(JSON.parse(health.text)).toEqual({ status: "unavailable", reason });
  const json = await timed("/api/json/Brand/List");
  expect(json.status).toBe(503);
  expect(JSON.parse(json.text).exception.code).toBe("SERVICE_UNAVAILABLE");
  const xml = await timed("/api/xml/Brand/List");
  expect(xml.status).toBe(503);
  expect(xml.text).toContain('<exception code="SERVICE_UNAVAILABLE">');
  // Pages: a friendly 503 page with the security headers, not a 500 (issue 28 item 7).
  const page = await timed("/portal/sign-in");
  expect(page.status).toBe(503);
  expect(page.text).toContain("We'll be right back");
  for (const r of [health, json, xml, page]) expect(r.seconds).toBeLessThan(5);
}

describe("a database that is not there when the server starts", () => {
  it("is answered 503 in seconds, then used (and migrated) once it is there, without a restart", { timeout: 90_000 }, async () => {
    // Nothing listening: refused at once.
    await expectUnavailable("database unreachable");
    // A host that accepts and never answers: the connect timeout (2 s here), not the OS's ~40 s.
    await openProxy();
    await expectUnavailable("database unreachable");
    // Reachable, but the database does not exist yet.
    mode = "forward";
    for (const s of held) s.destroy();
    await expectUnavailable("database does not exist");

    // Created empty: the server migrates it on its next try.
    await createDatabase(name);
    const deadline = Date.now() + 30_000;
    let health = await timed("/api/health");
    while (health.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      health = await timed("/api/health");
    }
    expect(health.status, health.text).toBe(200);

    const database = await openDatabase({ url: urlFor(name) });
    const made = await createServiceAccount(database.db, { name: "Late", brandName: "Late Brand", staffEmail: `late-${Date.now()}@example.com` });
    await database.close();
    const json = await timed("/api/json/Brand/List", { "X-Api-Key": made.key, "X-User-Key": made.user_key, "X-Brand-Id": made.brand_id });
    expect(json.status, json.text).toBe(200);
    expect(JSON.parse(json.text).brands[0].brand_id).toBe(made.brand_id);
  });
});
