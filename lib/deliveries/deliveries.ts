import { and, asc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { emailDeliveries, outboxAttempts, outboxEvents as t } from "../../db/schema";
import { defineList, sqlFilter } from "../lists";
import { inBrand } from "../../db/scope";
import { customerNames } from "../accounts/names";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { EVENT_NAMES } from "../notifications/events";
import { withoutSecrets, type OutboxRow } from "../outbox/deliver";
import type { OutboxEventType } from "../outbox/events";

/**
 * Deliveries: the outbox events that leave the service (every email and every outgoing post), as
 * brand staff see them. Internal events (billing/*) are work, not deliveries, and are not listed.
 */
export const EMAIL_TYPES = [...EVENT_NAMES, "staff/invite", "staff/password-reset"] as const satisfies readonly OutboxEventType[];
export const POST_TYPES = ["post/action_url", "post/dunning"] as const satisfies readonly OutboxEventType[];
export const DELIVERY_TYPES: readonly string[] = [...EMAIL_TYPES, ...POST_TYPES];

export type DeliveryChannel = "email" | "post";
export const channelOf = (type: string): DeliveryChannel => ((POST_TYPES as readonly string[]).includes(type) ? "post" : "email");

/** queued: not tried yet; retrying: failed at least once and due again; failed: gave up; delivered. */
export const DELIVERY_STATUSES = ["queued", "retrying", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Held events (a subscription whose initial charge is still being made) are not deliveries yet: never listed. */
const notHeld = ne(t.status, "held");

export const deliveryStatusOf = (e: Pick<OutboxRow, "status" | "lastError">): DeliveryStatus =>
  e.status === "pending" || e.status === "held" ? (e.lastError === null ? "queued" : "retrying") : e.status;

const STATUS_WHERE: Record<DeliveryStatus, SQL> = {
  queued: and(eq(t.status, "pending"), isNull(t.lastError))!,
  retrying: and(eq(t.status, "pending"), isNotNull(t.lastError))!,
  delivered: eq(t.status, "delivered"),
  failed: eq(t.status, "failed"),
};

/** The customer account an event is about: a notification's customer namespace, or a post's customer_account_id field. */
export const aboutCustomer = (accountId: string) =>
  or(
    sql`(${t.payload} -> 'customer' ->> 'customer_account_id') = ${accountId}`,
    sql`(${t.payload} -> 'fields') @> jsonb_build_array(jsonb_build_array('customer_account_id', ${accountId}::text))`,
  )!;

function customerOf(payload: unknown): string | null {
  const p = (payload ?? {}) as { customer?: { customer_account_id?: unknown }; fields?: unknown };
  if (typeof p.customer?.customer_account_id === "string") return p.customer.customer_account_id;
  if (Array.isArray(p.fields)) {
    const pair = p.fields.find((f): f is [string, string] => Array.isArray(f) && f[0] === "customer_account_id");
    if (pair && pair[1]) return pair[1];
  }
  return null;
}

/** [from, to] as calendar days in the brand's time zone; created_at is stamped with the brand's clock. */
export function createdWithinDays(ctx: Context, from: string | null | undefined, to: string | null | undefined) {
  const tz = ctx.brand.timezoneId;
  return and(
    from ? sql`${t.createdAt} >= (${from}::date)::timestamp at time zone ${tz}` : undefined,
    to ? sql`${t.createdAt} < (${to}::date + 1)::timestamp at time zone ${tz}` : undefined,
  );
}

const isoDay = z.iso.date();

export interface DeliveryRow {
  delivery_id: string;
  type: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  /** A post's URL, or an email's recipients (once an attempt has addressed them). */
  target: string;
  /**
   * A delivered email's fate: "mailbox" when every recipient's copy was kept in the local mailbox
   * (no email provider configured), "none" when there was nobody to send to; else null.
   */
  kept: "mailbox" | "none" | null;
  customer_account_id: string | null;
  customer_name: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
  replay_count: number;
  replayed_at: Date | null;
}

async function deliveryRows(ctx: Context, events: OutboxRow[]): Promise<DeliveryRow[]> {
  const ids = events.filter((e) => channelOf(e.type) === "email").map((e) => e.id);
  const emails = ids.length
    ? await ctx.db
        .select({ eventId: emailDeliveries.eventId, recipient: emailDeliveries.recipient, status: emailDeliveries.status })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.brandId, ctx.brand.id), inArray(emailDeliveries.eventId, ids)))
        .orderBy(asc(emailDeliveries.createdAt))
    : [];
  const recipients = new Map<string, string[]>();
  const sent = new Set<string>();
  for (const e of emails) {
    recipients.set(e.eventId, [...(recipients.get(e.eventId) ?? []), e.recipient]);
    if (e.status !== "mailbox") sent.add(e.eventId);
  }
  const customers = events.map((e) => customerOf(e.payload));
  const names = await customerNames(ctx, customers);
  return events.map((e, i) => {
    const status = deliveryStatusOf(e);
    const post = channelOf(e.type) === "post";
    return {
      delivery_id: e.id,
      type: e.type,
      channel: post ? "post" : "email",
      status,
      kept: post || status !== "delivered" ? null : !recipients.has(e.id) ? "none" : sent.has(e.id) ? null : "mailbox",
      target: post ? String((e.payload as { url?: unknown }).url ?? "") : (recipients.get(e.id) ?? []).join(", "),
      customer_account_id: customers[i],
      customer_name: customers[i] ? (names.get(customers[i]) ?? null) : null,
      attempts: e.attempts,
      last_error: e.lastError,
      next_attempt_at: e.status === "pending" ? e.nextAttemptAt : null,
      created_at: e.createdAt,
      delivered_at: e.deliveredAt,
      replay_count: e.replayCount,
      replayed_at: e.replayedAt,
    };
  });
}

/** The dashboard's deliveries table: filters by event type, channel, status, customer, days; `q` searches the type, payload and recipients. */
export const deliveryList = defineList({
  table: t,
  filters: {
    id: sqlFilter(z.string(), (v) => (isUuid(v) ? eq(t.id, v) : null)),
    type: sqlFilter(z.string(), (v) => (DELIVERY_TYPES.includes(v) ? eq(t.type, v) : null)),
    channel: sqlFilter(z.enum(["email", "post"]), (v) => inArray(t.type, v === "post" ? [...POST_TYPES] : [...EMAIL_TYPES])),
    status: sqlFilter(z.enum(DELIVERY_STATUSES), (v) => STATUS_WHERE[v]),
    customer_account_id: sqlFilter(z.string(), (v) => (isUuid(v) ? aboutCustomer(v) : null)),
    // Day bounds need the brand's time zone: page() below turns them into `created`.
    created: sqlFilter(
      z.custom<SQL>((v) => typeof v === "object" && v !== null),
      (v) => v,
    ),
  },
  scope: () => and(inArray(t.type, [...DELIVERY_TYPES]), notHeld)!,
  search: (q) =>
    or(
      ilike(t.type, `%${escapeLike(q)}%`),
      sql`${t.payload}::text ilike ${`%${escapeLike(q)}%`}`,
      sql`exists (select 1 from ${emailDeliveries} where ${emailDeliveries.eventId} = ${t.id} and ${emailDeliveries.brandId} = ${t.brandId} and ${emailDeliveries.recipient} ilike ${`%${escapeLike(q)}%`})`,
    )!,
  sortable: { created_at: t.createdAt, type: t.type, status: t.status, attempts: t.attempts },
  defaultSort: { key: "created_at", dir: "desc" },
  read: (_ctx, rows) => rows,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface DeliveriesQuery {
  type?: string | null;
  channel?: DeliveryChannel | null;
  status?: DeliveryStatus | null;
  customer_account_id?: string | null;
  /** Calendar days YYYY-MM-DD in the brand's time zone, both included. */
  from?: string | null;
  to?: string | null;
  q?: string | null;
}

type PageOpts = Omit<NonNullable<Parameters<typeof deliveryList.page>[1]>, "filters">;

/** One page of deliveries for the data table; a day that is not YYYY-MM-DD is ignored, like a stale bookmark. */
export async function deliveriesPage(ctx: Context, query: DeliveriesQuery, opts: PageOpts = {}) {
  const { from, to, ...rest } = query;
  const day = (d: string | null | undefined) => (d && isoDay.safeParse(d).success ? d : null);
  const created = from || to ? createdWithinDays(ctx, day(from), day(to)) : undefined;
  const { rows, total } = await deliveryList.page(ctx, { ...opts, filters: { ...rest, created: created ?? null } });
  return { rows: await deliveryRows(ctx, rows), total };
}

export interface DeliveryAttempt {
  replay: number;
  attempt: number;
  ok: boolean;
  detail: string | null;
  attempted_at: Date;
}

/** One delivery with its payload (credentials masked), every attempt, its emails per recipient, and its next retry. */
export async function deliveryDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const [event] = await ctx.db
    .select()
    .from(t)
    .where(inBrand(ctx, t, eq(t.id, id), inArray(t.type, [...DELIVERY_TYPES]), notHeld));
  if (!event) return null;
  const [[row], attempts, emails] = await Promise.all([
    deliveryRows(ctx, [event]),
    ctx.db
      .select()
      .from(outboxAttempts)
      .where(and(eq(outboxAttempts.brandId, ctx.brand.id), eq(outboxAttempts.eventId, id)))
      .orderBy(asc(outboxAttempts.attemptedAt), asc(outboxAttempts.replay), asc(outboxAttempts.attempt)),
    ctx.db
      .select({
        recipient: emailDeliveries.recipient,
        audience: emailDeliveries.audience,
        subject: emailDeliveries.subject,
        status: emailDeliveries.status,
        error: emailDeliveries.error,
        attempts: emailDeliveries.attempts,
        delivered_at: emailDeliveries.deliveredAt,
        updated_at: emailDeliveries.updatedAt,
      })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.brandId, ctx.brand.id), eq(emailDeliveries.eventId, id)))
      .orderBy(asc(emailDeliveries.createdAt)),
  ]);
  return {
    ...row,
    // A pending event may still hold a one-time password or code: staff never see it.
    payload: withoutSecrets(event.payload) ?? event.payload,
    attempt_log: attempts.map((a): DeliveryAttempt => ({
      replay: a.replay,
      attempt: a.attempt,
      ok: a.ok === "Y",
      detail: a.detail,
      attempted_at: a.attemptedAt,
    })),
    emails,
    replayable: replayRefusal(event) === null,
    replay_refusal: replayRefusal(event),
  };
}

/** Notification events that exist to carry a one-time credential: erased once delivery ends, so a replay would send an empty one. */
const CREDENTIAL_TYPES: readonly string[] = ["User/PasswdReset", "User/2FARequest"];

/**
 * Why this event may not be replayed, or null. Failed and retrying events may; a delivered post
 * may (the receiver gets the same id again, marked as a replay); a delivered email may not (the
 * customer would get it twice); queued events are on their way already.
 */
export function replayRefusal(e: Pick<OutboxRow, "type" | "status" | "lastError" | "leasedUntil">, now?: Date): string | null {
  if (CREDENTIAL_TYPES.includes(e.type)) return "It carried a one-time password or code, which is erased after delivery; ask for a new one instead.";
  const status = deliveryStatusOf(e);
  if (status === "queued") return "It has not been tried yet; it is on its way.";
  if (status === "delivered" && channelOf(e.type) === "email") return "The email was delivered; replaying it would send it again.";
  if (now && e.leasedUntil && e.leasedUntil > now) return "It is being delivered right now; try again in a minute.";
  return null;
}

export { CREDENTIAL_TYPES };
