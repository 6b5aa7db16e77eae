import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import type { OutboxRow, Sink } from "../outbox/deliver";
import type { PostPayload } from "../outbox/events";

export const SIGNATURE_HEADER = "X-Billing-Signature";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the brand's webhook secret. The
 * receiver recomputes it and rejects old timestamps, so a captured post cannot be replayed later.
 */
export function sign(secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** Delivers one post; anything but a 2xx answer (or no answer in 10 s) throws, so it is retried. */
export function postSink(timeoutMs = 10_000): Sink {
  return async (event: OutboxRow, { db, now }) => {
    const { url, fields } = event.payload as PostPayload;
    const [brand] = await db.select({ secret: brands.webhookSecret }).from(brands).where(eq(brands.id, event.brandId));
    const body = new URLSearchParams(fields).toString();
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "recurring-billing-webhooks/1",
        "x-billing-event": event.type,
        "x-billing-delivery": event.id,
        [SIGNATURE_HEADER]: sign(brand.secret, body, now()),
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
