import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import { clockFor } from "../auth/context";
import type { OutboxRow, Sink } from "../outbox/deliver";
import type { PostPayload } from "../outbox/events";

export const SIGNATURE_HEADER = "X-Billing-Signature";
/** On a post staff replayed: how many times (1, 2...). X-Billing-Delivery stays the event's id, so a receiver de-duplicates. */
export const REPLAY_HEADER = "X-Billing-Replay";

const hmac = (secret: string, t: number, body: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the brand's webhook secret; while a
 * rotated-out secret is still in its overlap, a second `v1=` made with it follows, so a receiver that
 * holds either secret verifies the post. The receiver also rejects old timestamps (replays).
 */
export function sign(secrets: string | readonly string[], body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  const list = typeof secrets === "string" ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((secret) => `v1=${hmac(secret, t, body)}`)].join(",");
}

/**
 * What a receiver does with the header (a reference, and what the tests verify with): true when one
 * `v1=` matches `secret` and `t` is within `toleranceSeconds` of `now`.
 */
export function verifySignature(secret: string, header: string, body: string, now: Date, toleranceSeconds = 300) {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body));
  return parts.some(([k, v]) => k === "v1" && v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}

/** The secrets a brand's posts are signed with at `at` (its clock): the current one, then the previous one during its overlap. */
export function signingSecrets(
  brand: Pick<typeof brands.$inferSelect, "webhookSecret" | "previousWebhookSecret" | "previousWebhookSecretUntil">,
  at: Date,
): string[] {
  const previousValid = brand.previousWebhookSecret && brand.previousWebhookSecretUntil && brand.previousWebhookSecretUntil > at;
  return previousValid ? [brand.webhookSecret, brand.previousWebhookSecret!] : [brand.webhookSecret];
}

/** Delivers one post; anything but a 2xx answer (or no answer in 10 s) throws, so it is retried. */
export function postSink(timeoutMs = 10_000): Sink {
  return async (event: OutboxRow, { db, now }) => {
    const { url, fields } = event.payload as PostPayload;
    const [brand] = await db.select().from(brands).where(eq(brands.id, event.brandId));
    const body = new URLSearchParams(fields).toString();
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "recurring-billing-webhooks/1",
        "x-billing-event": event.type,
        "x-billing-delivery": event.id,
        // The overlap ends by the brand's clock (a sandbox brand's test clock); t is the real time the receiver checks.
        [SIGNATURE_HEADER]: sign(signingSecrets(brand, clockFor(brand).now()), body, now()),
        ...(event.replayCount > 0 ? { [REPLAY_HEADER]: String(event.replayCount) } : {}),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered ${res.status}`);
    return `${url} answered ${res.status}`;
  };
}
