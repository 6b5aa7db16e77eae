import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import type { OutboxRow, Sink } from "../outbox/deliver";

/** Outbox payload of an outgoing post (product-group action_url events, dunning POST actions). */
export interface PostPayload {
  url: string;
  /** Sent in this order as application/x-www-form-urlencoded (pairs: jsonb would reorder an object's keys). */
  fields: [string, string][];
}

export const SIGNATURE_HEADER = "X-Billing-Signature";
/** On a post staff replayed: how many times (1, 2...). X-Billing-Delivery stays the event's id, so a receiver de-duplicates. */
export const REPLAY_HEADER = "X-Billing-Replay";

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
