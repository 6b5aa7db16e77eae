import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, notLike, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brands } from "../../db/schema";
import { openCredential, sealCredential } from "../gateways/credentials";
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

/**
 * The brand's signing secrets are sealed at rest like gateway credentials (AES-256-GCM under
 * GATEWAY_ENCRYPTION_KEY, lib/gateways/credentials.ts), bound to the brand; the current and the
 * rotated-out one share the binding, so rotation moves the sealed value as it is.
 */
const secretContext = (brandId: string) => `${brandId}/webhook_secret`;
const SEALED = /^v1:/;

/** A new signing secret sealed for the brand's row. */
export const sealSigningSecret = (brandId: string, secret: string) => sealCredential(secret, secretContext(brandId));

/** A stored signing secret in clear (one stored before sealing, until sealBrandSecrets runs, is clear already). */
export const openSigningSecret = (brandId: string, stored: string) => (SEALED.test(stored) ? openCredential(stored, secretContext(brandId)) : stored);

type SigningColumns = Pick<typeof brands.$inferSelect, "id" | "webhookSecret" | "previousWebhookSecret" | "previousWebhookSecretUntil">;

/** The secrets a brand's posts are signed with at `at` (its clock), in clear: the current one, then the previous one during its overlap. */
export function signingSecrets(brand: SigningColumns, at: Date): string[] {
  const previousValid = brand.previousWebhookSecret && brand.previousWebhookSecretUntil && brand.previousWebhookSecretUntil > at;
  const stored = previousValid ? [brand.webhookSecret, brand.previousWebhookSecret!] : [brand.webhookSecret];
  return stored.map((s) => openSigningSecret(brand.id, s));
}

/**
 * Seals the signing secrets still stored in clear (brands made before they were sealed), once,
 * whatever runs first: the server at start, `npm run db:migrate`, `npm run bootstrap`. Each row is
 * written only if it still holds the clear value read, so two processes at once seal it once.
 */
export async function sealBrandSecrets(db: Db): Promise<number> {
  const clear = await db
    .select({ id: brands.id, webhookSecret: brands.webhookSecret, previousWebhookSecret: brands.previousWebhookSecret })
    .from(brands)
    .where(or(notLike(brands.webhookSecret, "v1:%"), notLike(brands.previousWebhookSecret, "v1:%")));
  for (const b of clear) {
    const seal = (v: string | null) => (v === null || SEALED.test(v) ? v : sealSigningSecret(b.id, v));
    await db
      .update(brands)
      .set({ webhookSecret: seal(b.webhookSecret)!, previousWebhookSecret: seal(b.previousWebhookSecret) })
      .where(
        and(
          eq(brands.id, b.id),
          eq(brands.webhookSecret, b.webhookSecret),
          b.previousWebhookSecret === null ? isNull(brands.previousWebhookSecret) : eq(brands.previousWebhookSecret, b.previousWebhookSecret),
        ),
      );
  }
  return clear.length;
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
