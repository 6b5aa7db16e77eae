import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { brands, emailDeliveries } from "../../db/schema";
import { defaultSender, formatSender, sendEmail, type SendOutcome } from "../adapters/email";
import { systemContext, type Context } from "../auth/context";
import { newId } from "../ids";
import { STATUS } from "../lifecycle";
import type { OutboxRow, Sink } from "../outbox/deliver";
import { isNotificationEvent } from "../notifications/events";
import { liveNotificationOf, templateOf } from "../notifications/queries";
import { renderTemplate, templateView, withoutSecrets } from "../notifications/templates";
import { MASKED_SECRET } from "../notifications/placeholders";
import type { NotificationRow } from "../notifications/read";

type Audience = (typeof emailDeliveries.$inferInsert)["audience"];
interface Recipient {
  audience: Audience;
  address: string;
  /** Which pair of templates the recipient gets. */
  copy: "brand" | "customer";
}

const isEmail = (v: unknown): v is string => typeof v === "string" && z.email().safeParse(v).success;

/** The brand address and/or the addressee's (payload to_email, plus cc_email as its own copy). */
function recipientsOf(n: NotificationRow, payload: Record<string, unknown>): Recipient[] {
  const out: Recipient[] = [];
  if (n.notifyBrand === "Y" && n.brandEmail) out.push({ audience: "brand", address: n.brandEmail, copy: "brand" });
  if (n.notifyCustomer === "Y") {
    const to = isEmail(payload.to_email) ? payload.to_email : undefined;
    const cc = isEmail(payload.cc_email) ? payload.cc_email : undefined;
    if (to) out.push({ audience: "customer", address: to, copy: "customer" });
    if (cc && cc.toLowerCase() !== to?.toLowerCase()) out.push({ audience: "cc", address: cc, copy: "customer" });
  }
  return out;
}

/**
 * User/Create's email is asked for by the caller (send_new_user_email Y), not by a brand's
 * notification: without one it still goes to the user, with the default templates and sender.
 */
function requestedWithoutNotification(event: OutboxRow, brandId: string): NotificationRow | undefined {
  if (event.type !== "User/Create") return undefined;
  const at = event.createdAt;
  return {
    id: event.id,
    brandId,
    event: event.type,
    notifyBrand: "N",
    brandEmail: null,
    notifyCustomer: "Y",
    subjectBrand: null,
    subjectCustomer: null,
    htmlBrand: null,
    htmlCustomer: null,
    fromEmail: defaultSender(),
    status: STATUS.ACTIVE,
    deletedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Stable per (event, recipient) and within the provider's 256-character limit. */
const idempotencyKey = (eventId: string, r: Recipient) =>
  `${eventId}:${createHash("sha256").update(`${r.audience}:${r.address.toLowerCase()}`).digest("hex").slice(0, 32)}`;

/**
 * A notification event's emails, in the context of the event's brand (its clock the deliverer's):
 * when the brand has a live notification for the event, each recipient gets one email. Recipients
 * already sent (or kept in the local mailbox) on an earlier attempt are skipped; if any recipient
 * fails, it throws so the outbox retries later.
 */
export async function sendNotificationEmails({ ctx, input: { event } }: { ctx: Context; input: { event: OutboxRow } }): Promise<string> {
  if (!isNotificationEvent(event.type)) return `${event.type} is not a notification event`;
  const { db, brand } = ctx;
  const stored = await liveNotificationOf(ctx, event.type);
  const notification = stored ?? requestedWithoutNotification(event, brand.id);
  if (!notification) return `no notification is configured for ${event.type}; nothing sent`;

  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const recipients = recipientsOf(notification, payload);
  if (!recipients.length) return "the notification has no recipient for this event; nothing sent";
  const earlier = await db.select().from(emailDeliveries).where(eq(emailDeliveries.eventId, event.id));
  const view = templateView(event.type, brand, payload, event.createdAt);
  const publicView = withoutSecrets(view);
  const maskedView = withoutSecrets(view, MASKED_SECRET);
  const from = formatSender(brand.name, notification.fromEmail);

  const failures: string[] = [];
  let sent = 0;
  const kept: string[] = [];
  for (const r of recipients) {
    const before = earlier.find((d) => d.audience === r.audience && d.recipient === r.address);
    if (before && before.status !== "failed") continue;
    let subject = "";
    let html = "";
    let maskedHtml = "";
    let outcome: SendOutcome | undefined;
    let error: string | null = null;
    try {
      const seen = r.audience === "customer" ? view : publicView;
      subject = renderTemplate(templateOf(notification, `subject_${r.copy}`), seen, false);
      html = renderTemplate(templateOf(notification, `html_${r.copy}`), seen, true);
      maskedHtml = r.audience === "customer" ? renderTemplate(templateOf(notification, `html_${r.copy}`), maskedView, true) : html;
      outcome = await sendEmail({ from, to: r.address, subject, html, idempotencyKey: idempotencyKey(event.id, r) });
      if (outcome.via === "mailbox") kept.push(r.address);
      else sent++;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      failures.push(`${r.address}: ${error}`);
    }
    // The default notification of a requested User/Create email is no row: the delivery names none.
    await recordDelivery(db, ctx.now(), { event, notificationId: stored?.id ?? null, recipient: r, from, subject, html, maskedHtml, outcome, error });
  }
  if (failures.length) throw new Error(`${failures.length} of ${recipients.length} emails failed (${failures.join("; ")})`.slice(0, 1000));
  // Without an email provider the emails stay in the local mailbox (email_deliveries): say so, and to whom.
  if (kept.length && !sent)
    return `${kept.length} email(s) for ${event.type} kept in the local mailbox (to ${kept.join(", ")}): no email provider is configured`;
  return `${sent} email(s) sent for ${event.type}${kept.length ? `; ${kept.length} kept in the local mailbox (to ${kept.join(", ")})` : ""}`;
}

interface DeliveryRecord {
  event: OutboxRow;
  notificationId: string | null;
  recipient: Recipient;
  from: string;
  subject: string;
  html: string;
  /** html with its credentials masked (the same when it has none). */
  maskedHtml: string;
  outcome?: SendOutcome;
  error: string | null;
}

/** One row per (event, audience, recipient); a retry updates it and counts the attempt. */
async function recordDelivery(db: Db, now: Date, d: DeliveryRecord) {
  const status = d.outcome ? (d.outcome.via === "mailbox" ? "mailbox" : "sent") : "failed";
  const values = {
    notificationId: d.notificationId,
    fromEmail: d.from,
    subject: d.subject,
    html: status === "mailbox" ? d.html : null,
    maskedHtml: status === "mailbox" && d.maskedHtml !== d.html ? d.maskedHtml : null,
    status,
    providerMessageId: d.outcome?.via === "resend" ? d.outcome.providerMessageId : null,
    error: d.error?.slice(0, 1000) ?? null,
    updatedAt: now,
    deliveredAt: d.outcome ? now : null,
  } as const;
  await db
    .insert(emailDeliveries)
    .values({
      id: newId(),
      brandId: d.event.brandId,
      eventId: d.event.id,
      eventType: d.event.type,
      audience: d.recipient.audience,
      recipient: d.recipient.address,
      attempts: 1,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [emailDeliveries.eventId, emailDeliveries.audience, emailDeliveries.recipient],
      set: { ...values, attempts: sql`${emailDeliveries.attempts} + 1` },
    });
}

/**
 * The outbox sink of every notification event: its emails (sendNotificationEmails) in the system
 * context of the event's brand, with the deliverer's database handle (scoped to that brand) and clock.
 */
export const notificationSink: Sink = async (event, { db, now }) => {
  const [brand] = await db.select().from(brands).where(eq(brands.id, event.brandId));
  if (!brand || brand.deletedAt) return "the brand is deleted; nothing sent";
  return sendNotificationEmails({ ctx: systemContext(db, brand, { now }), input: { event } });
};
