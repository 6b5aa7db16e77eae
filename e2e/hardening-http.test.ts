/**
 * Against the built server: a body past MAX_BODY_BYTES is refused as it streams (chunked or with a
 * Content-Length, before credentials), a parameter name outside Latin-1 still gets its answer,
 * /api/inngest refuses anonymous callers with 401, and wrong credentials are throttled per address.
 */
import { describe, expect, it } from "vitest";
import http from "node:http";
import { type RunningApp } from "./support/server";
import { useApp } from "./support/setup";

const MAX = 64 * 1024;
const FAILURES = 5;

let app: RunningApp;
useApp(
  {
    env: {
      MAX_BODY_BYTES: String(MAX),
      AUTH_FAILURES_PER_MINUTE: String(FAILURES),
      INNGEST_SIGNING_KEY: "",
      INNGEST_EVENT_KEY: "",
      INNGEST_DEV: "",
    },
  },
  (s) => ({ app } = s),
);

/**
 * POSTs `send` bytes in 8 KB chunks and waits for the answer (5 s at most) without ever ending the
 * body: an answer at all shows the server refused it as it streamed, not after reading it whole.
 */
function upload(path: string, send: number, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within 5 s with ${send} bytes sent and the body not ended`));
    }, 5000);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, body });
        req.destroy();
      });
    });
    req.on("error", () => {}); // the server closes the connection after refusing: the rest is never read
    const chunk = Buffer.alloc(8192, "a");
    req.write("description=");
    (async () => {
      for (let sent = 0; sent < send && !req.destroyed; sent += chunk.length) {
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
    })();
  });
}

describe("request bodies past MAX_BODY_BYTES", () => {
  it("a chunked body is refused with 413 as it streams, in the requested format, and the server keeps answering", async () => {
    const json = await upload("/api/json/Brand/Create", 2 * MAX, { "transfer-encoding": "chunked" });
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body).exception.code).toBe("PAYLOAD_TOO_LARGE");
    const xml = await upload("/api/xml/Brand/Create", 2 * MAX, { "transfer-encoding": "chunked" });
    expect(xml.status).toBe(413);
    expect(xml.body).toContain('<exception code="PAYLOAD_TOO_LARGE">');
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
  });

  it("a Content-Length past the limit is refused before any of the body is read", async () => {
    const r = await upload("/api/json/Brand/Create", 1024, { "content-length": String(3 * MAX) });
    expect(r.status).toBe(413);
  });

  it("a body within the limit is read as before", async () => {
    const r = await fetch(`${app.baseUrl}/api/json/Brand/List`, {
      method: "POST",
      body: `description=${"a".repeat(MAX - 100)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(405); // read, routed and refused for its method: not 413
  });
});

describe("a parameter name outside Latin-1", () => {
  it("gets its 200 and a header the client can read", async () => {
    const r = await fetch(`${app.baseUrl}/api/json/Brand/List?${new URLSearchParams({ 名前: "x" })}`, {
      headers: { "X-Api-Key": app.creds.key, "X-User-Key": app.creds.user_key, "X-Brand-Id": app.creds.brand_id },
    });
    expect(r.status).toBe(200);
    expect(decodeURIComponent(r.headers.get("x-ignored-parameters")!)).toBe("名前");
  });
});

describe("/api/inngest without Inngest configured", () => {
  it("answers anonymous requests 401, not 500", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const r = await fetch(`${app.baseUrl}/api/inngest?fnId=x&stepId=step`, { method, body: method === "GET" ? undefined : "{}" });
      expect(r.status, method).toBe(401);
    }
  });
});

// Last: it spends this address's budget.
describe("wrong credentials, from one address", () => {
  it(`answer 401 ${FAILURES} times, then 429 RATE_LIMITED with Retry-After in the requested format, whatever X-Forwarded-For claims`, async () => {
    const wrong = { "X-Api-Key": "rbk_wrong", "X-User-Key": app.creds.user_key, "X-Brand-Id": app.creds.brand_id };
    // Each request names another address: the server counts the connection's own (`next start`
    // alone would have believed the header, and never refused).
    const forged = (i: number) => ({ ...wrong, "X-Forwarded-For": `198.51.100.${i}` });
    const statuses = [];
    for (let i = 0; i < FAILURES; i++) statuses.push((await fetch(`${app.baseUrl}/api/json/Brand/List`, { headers: forged(i) })).status);
    expect(statuses).toEqual(Array(FAILURES).fill(401));
    const json = await fetch(`${app.baseUrl}/api/json/Brand/List`, { headers: forged(FAILURES) });
    expect(json.status).toBe(429);
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await json.json()).exception.code).toBe("RATE_LIMITED");
    const xml = await fetch(`${app.baseUrl}/api/xml/Brand/List`, { headers: wrong });
    expect(xml.status).toBe(429);
    expect(await xml.text()).toContain('<exception code="RATE_LIMITED">');
  });
});

describe("security headers on every page (issue 28 item 7)", () => {
  it("a nonce CSP without unsafe-inline scripts, no framing, a referrer policy and nosniff; every script carries the nonce", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/sign-in", "/dashboard", "/portal/sign-in", "/docs", "/no-such-page"]) {
      const r = await fetch(`${app.baseUrl}${path}`);
      const csp = r.headers.get("content-security-policy") ?? "";
      const script = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      expect(script, path).not.toContain("unsafe-inline");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
      expect(r.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
      const html = await r.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(6); // a fresh nonce per request
  });
});
