import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

/** What the fake accepted: the JSON body of POST /emails and the request headers. */
export interface ReceivedEmail {
  id: string;
  body: { from: string; to: string[]; subject: string; html: string; [k: string]: unknown };
  headers: IncomingHttpHeaders;
}

/** Decides whether a request fails: answer an HTTP status to fail with, or undefined to accept. */
type FailRule = (body: ReceivedEmail["body"]) => number | undefined;

/**
 * A local stand-in for Resend's HTTP API (POST /emails) on 127.0.0.1: records accepted emails,
 * fails on demand with Resend's error shape, and, like Resend, answers a repeated Idempotency-Key
 * with the first email's id without sending again.
 */
export async function startFakeResend() {
  const emails: ReceivedEmail[] = [];
  const requests: ReceivedEmail["body"][] = [];
  const byKey = new Map<string, string>();
  let rules: FailRule[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/emails") return reply(404, { statusCode: 404, name: "not_found", message: "Route not found" });
      if (!req.headers.authorization?.startsWith("Bearer re_")) return reply(401, { statusCode: 401, name: "missing_api_key", message: "Missing API key" });
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedEmail["body"];
      requests.push(body);
      for (const rule of rules) {
        const status = rule(body);
        if (status) return reply(status, { statusCode: status, name: "internal_server_error", message: `fake failure ${status}` });
      }
      const key = req.headers["idempotency-key"] as string | undefined;
      const prior = key ? byKey.get(key) : undefined;
      if (prior) return reply(200, { id: prior });
      const id = randomUUID();
      if (key) byKey.set(key, id);
      emails.push({ id, body, headers: req.headers });
      reply(200, { id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Emails accepted (each once). */
    emails,
    /** Every POST /emails body, failed ones included. */
    requests,
    /** The next `times` requests matching `to` (any when omitted) fail with `status`. */
    failNext(times: number, { status = 500, to }: { status?: number; to?: string } = {}) {
      let left = times;
      rules.push((body) => {
        if (left <= 0 || (to && !body.to.includes(to))) return undefined;
        left--;
        return status;
      });
    },
    reset() {
      emails.length = 0;
      requests.length = 0;
      rules = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeResend = Awaited<ReturnType<typeof startFakeResend>>;
