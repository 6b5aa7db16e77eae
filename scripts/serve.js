/**
 * The production server (`npm run serve`; `npm start` runs it after its setup): the built app, as
 * `next start` serves it, behind node:http so that the client address it sees cannot be forged.
 *
 * `next start` keeps a client's own X-Forwarded-For and fills it with the peer's address only when
 * it is absent, so a client could name any address and slip out of the per-address limits
 * (failed authentications, password resets). Here the connection's peer is appended to whatever
 * came, so the header's last entry is always the address the request really came from: the client,
 * or the proxy in front (TRUST_PROXY: lib/api/client-address.ts then takes the entry before it).
 *
 * Each request is logged in one JSON line (pino, LOG_LEVEL): method, path, status, duration, request id.
 *
 * PORT (default 3000) and HOST (default: every interface) say where to listen. Plain JavaScript,
 * so that serving needs no TypeScript loader.
 */
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import pino from "pino";

// Set before Next.js (and React through it) is loaded: both pick their production build by it.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || undefined;

const app = next({ dev: false, hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// One line per request at the default level: method, path (never the query, which may carry
// credentials or a sign-in token), status, duration and request id (the API's own, else one made here).
const log = pino({ level: process.env.LOG_LEVEL || "info", base: undefined });
function logRequest(req, res, started) {
  res.once("finish", () => {
    const path = (req.url ?? "/").split("?")[0];
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
    log.info({ method: req.method, path, status: res.statusCode, ms, request_id: res.getHeader("x-request-id") }, "request");
  });
}

const server = createServer((req, res) => {
  logRequest(req, res, process.hrtime.bigint());
  if (!res.hasHeader("x-request-id")) res.setHeader("x-request-id", randomUUID());
  // Next leaves trailing slashes alone (next.config.ts): the API answers its own 404 naming the
  // endpoint without it; a page's address is sent to the one without (as Next would).
  const [pathname, query] = (req.url ?? "/").split(/\?(.*)/s);
  if (pathname.length > 1 && pathname.endsWith("/") && !pathname.startsWith("/api/")) {
    res.writeHead(308, { location: `${pathname.replace(/\/+$/, "") || "/"}${query ? `?${query}` : ""}` }).end();
    return;
  }
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
  // Next answers its own errors; one that escapes it must not take the process down with it.
  handle(req, res).catch((error) => {
    console.error("request failed outside Next's error handling", error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, hostname, () => console.log(`Serving on http://${hostname ?? "localhost"}:${port}`));

// Finish the requests in flight, then stop (as `next start` does on these signals).
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
