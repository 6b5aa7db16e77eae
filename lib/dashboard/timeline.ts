import { sql } from "drizzle-orm";
import { resultRows } from "../../db/client";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { formatMoney } from "../format";
import { AUDIT_RESOURCES } from "../audit/queries";

/** Records whose creation the timeline already shows from the record itself: their audit "create" is left out. */
const CREATION_SHOWN = ["customer_accounts", "customer_users", "subscriptions", "invoices", "payments", "notes", "tickets", "ticket_messages"];

/** What a timeline entry is about; the page links each to that record's page. */
export type TimelineKind = "account" | "user" | "subscription" | "invoice" | "payment" | "note" | "ticket" | "event" | "change";

export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  title: string;
  detail: string | null;
  /** The record the entry is about (for its link). */
  ref: string;
  /** A change's table (audit trail), which says where its record's page is. */
  resource?: string;
}

/** Outbox event types as a sentence for people. */
const EVENT_TITLES: Record<string, string> = {
  "Account/Create": "Welcome email queued",
  "User/Create": "New-user email queued",
  "User/PasswdReset": "Temporary password sent",
  "User/2FARequest": "Verification code sent",
  "Subscription/Create": "Subscription email queued",
  "Subscription/Suspend": "Suspension email queued",
  "Subscription/Delete": "Cancellation email queued",
  "Invoice/Create": "Invoice email queued",
  "Invoice/Reminder": "Invoice reminder queued",
  "Payment/Create": "Payment receipt queued",
};

/**
 * Everything that happened to one customer account, newest first, one page at a time: the
 * records' own history (created, deleted, paid, signed in, ticket messages) and the outbox events
 * about the account (the emails and posts it caused, with their delivery status). One UNION query,
 * brand-scoped in every branch; the account itself must be of the context's brand.
 */
export async function accountTimeline(ctx: Context, accountId: string, { page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}) {
  if (!isUuid(accountId)) return { rows: [] as TimelineEntry[], total: 0 };
  const b = ctx.brand.id;
  const a = accountId;
  const size = Math.min(100, Math.max(1, Math.trunc(pageSize)));
  const offset = (Math.max(1, Math.trunc(page)) - 1) * size;
  const entries = sql`
    select created_at as at, 'account' as kind, 'Account created' as title, null::text as detail, null::bigint as amount, id::text as ref
      from customer_accounts where brand_id = ${b} and id = ${a}
    union all select deleted_at, 'account', 'Account deleted', null, null, id::text
      from customer_accounts where brand_id = ${b} and id = ${a} and deleted_at is not null
    union all select created_at, 'user', 'Portal user added', username, null, id::text
      from customer_users where brand_id = ${b} and customer_account_id = ${a}
    union all select l.logged_in_at, 'user', 'Signed in to the portal', u.username || ' · ' || replace(l.method, '_', ' '), null, u.id::text
      from customer_user_logins l join customer_users u on u.id = l.user_id
      where l.brand_id = ${b} and u.brand_id = ${b} and u.customer_account_id = ${a}
    union all select s.created_at, 'subscription', 'Subscription started', p.name, null, s.id::text
      from subscriptions s left join products p on p.id = s.product_id and p.brand_id = ${b}
      where s.brand_id = ${b} and s.customer_account_id = ${a} and s.status <> 0
    union all select s.deleted_at, 'subscription', 'Subscription ended', p.name, null, s.id::text
      from subscriptions s left join products p on p.id = s.product_id and p.brand_id = ${b}
      where s.brand_id = ${b} and s.customer_account_id = ${a} and s.deleted_at is not null
    union all select created_at, 'invoice', 'Invoice created', 'due ' || due_date::text, null, id::text
      from invoices where brand_id = ${b} and customer_account_id = ${a}
    union all select deleted_at, 'invoice', 'Invoice deleted', null, null, id::text
      from invoices where brand_id = ${b} and customer_account_id = ${a} and deleted_at is not null
    union all select created_at, 'payment', 'Payment ' || status, coalesce(failure_reason, payment_transaction_id, replace(processed_by, '_', ' ')), amount, id::text
      from payments where brand_id = ${b} and customer_account_id = ${a}
    union all select reversed_at, 'payment', 'Payment reversed', refund_transaction_id, amount, id::text
      from payments where brand_id = ${b} and customer_account_id = ${a} and reversed_at is not null
    union all select created_at, 'note', 'Note added', subject, null, id::text
      from notes where brand_id = ${b} and customer_account_id = ${a} and deleted_at is null
    union all select created_at, 'ticket', 'Ticket opened', '#' || friendly_ticket_id || ' ' || subject, null, id::text
      from tickets where brand_id = ${b} and customer_account_id = ${a}
    union all select m.created_at, 'ticket', 'Ticket message from ' || lower(replace(m.author_type, '_', ' ')), '#' || t.friendly_ticket_id || ': ' || left(m.message, 140), null, t.id::text
      from ticket_messages m join tickets t on t.id = m.ticket_id
      where m.brand_id = ${b} and t.brand_id = ${b} and t.customer_account_id = ${a}
    union all select created_at, 'event', type, status || case when attempts > 1 then ' after ' || attempts || ' attempts' else '' end, null, id::text
      from outbox_events where brand_id = ${b} and (payload -> 'customer' ->> 'customer_account_id') = ${a} and status <> 'held'
    union all select e.at, 'change', e.resource || ':' || e.action,
        case e.actor_kind when 'system' then 'by the system'
          when 'customer' then 'by customer user ' || coalesce(cu.username, 'unknown')
          when 'api_key' then 'by ' || coalesce(su.name, 'a staff user') || ' through the API'
          else 'by ' || coalesce(su.name, 'a staff user') end
        || case when e.action = 'update' then ': ' || (select string_agg(replace(k, '_', ' '), ', ') from jsonb_object_keys(e.new_values) k) else '' end,
        null, e.record_id::text
      from audit_entries e
      left join staff_users su on su.id = e.actor_id and e.actor_kind in ('staff', 'api_key') and su.service_account_id = ${ctx.brand.serviceAccountId}
      left join customer_users cu on cu.id = e.actor_id and e.actor_kind = 'customer' and cu.brand_id = ${b}
      where e.brand_id = ${b} and e.customer_account_id = ${a}
        and not (e.action = 'create' and e.resource in (${sql.join(
          CREATION_SHOWN.map((r) => sql`${r}`),
          sql`, `,
        )}))`;
  const [rows, counted] = await Promise.all([
    ctx.db.execute(sql`select * from (${entries}) e order by at desc, ref desc, title limit ${size} offset ${offset}`),
    ctx.db.execute(sql`select count(*)::int as n from (${entries}) e`),
  ]);
  const list = resultRows<{ at: Date | string; kind: TimelineKind; title: string; detail: string | null; amount: string | number | null; ref: string }>(rows);
  return {
    rows: list.map((r): TimelineEntry => ({
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      title: r.kind === "event" ? (EVENT_TITLES[r.title] ?? r.title) : r.kind === "change" ? changeTitle(r.title) : r.title,
      detail:
        [r.amount !== null ? formatMoney(Number(r.amount), ctx.brand.currency) : null, r.kind === "event" ? `${r.title}: ${r.detail}` : r.detail]
          .filter(Boolean)
          .join(" · ") || null,
      ref: r.ref,
      ...(r.kind === "change" ? { resource: r.title.split(":")[0] } : {}),
    })),
    total: resultRows<{ n: number }>(counted)[0]?.n ?? 0,
  };
}

/** "customer_accounts:update" as "Customer account updated". */
function changeTitle(resourceAction: string) {
  const [resource, action] = resourceAction.split(":");
  return `${AUDIT_RESOURCES[resource] ?? resource} ${action === "create" ? "created" : action === "delete" ? "deleted" : "changed"}`;
}
