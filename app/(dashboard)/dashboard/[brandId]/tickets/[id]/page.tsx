import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listTicketsPage } from "@/lib/tickets/list-tickets";
import { mergeCandidates } from "@/lib/tickets/pages";
import { DIRECTION_LABEL } from "@/lib/tickets/labels";
import { listUsersPage } from "@/lib/users/list-users";
import { accountName } from "@/lib/users/pages";
import { isUuid } from "@/lib/ids";
import { formatInstant } from "@/lib/format";
import { TicketStatus } from "../columns";
import styles from "../_components/thread.module.css";
import { ReplyForm } from "../_components/reply-form";
import { DeleteTicket, MergeControl, StatusControl } from "../_components/ticket-controls";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Ticket · Recurring Billing" };

export default async function TicketPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const t = (await listTicketsPage(ctx, { filters: { id } })).rows[0];
  if (!t) notFound();
  const [candidates, account, users] = await Promise.all([
    mergeCandidates(ctx, t),
    accountName(ctx, t.customer_account_id),
    t.customer_account_id ? listUsersPage(ctx, { filters: { customerAccountId: t.customer_account_id }, pageSize: 100 }) : null,
  ]);
  const userNames = new Map(users?.rows.map((u) => [u.user_id, `${u.first_name} ${u.last_name}`]));
  const author = (m: (typeof t.messages)[number]) =>
    m.author_type === "STAFF" ? "Staff" : m.author_type === "GUEST" ? `Guest ${m.guest_email ?? ""}` : (userNames.get(m.customer_user_id ?? "") ?? "Customer");
  const base = `/dashboard/${brandId}/tickets`;
  const internal = t.direction === "INTERNAL";
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Tickets</Link> / #{t.friendly_ticket_id}
      </p>
      <div className="page-head">
        <h1>
          #{t.friendly_ticket_id} {t.subject} <TicketStatus status={t.working_status} />
        </h1>
        <div className="actions">
          <MergeControl brandId={brandId} ticket={t} candidates={candidates} />
          <DeleteTicket brandId={brandId} ticket={t} />
        </div>
      </div>

      <section className="card" aria-labelledby="about">
        <h2 id="about">About</h2>
        <dl className="details">
          <dt>Who sees it</dt>
          <dd>{DIRECTION_LABEL[t.direction]}</dd>
          <dt>Customer account</dt>
          <dd>
            {t.customer_account_id ? <Link href={`/dashboard/${brandId}/accounts/${t.customer_account_id}`}>{account ?? t.customer_account_id}</Link> : "—"}
          </dd>
          {t.guest_email && (
            <>
              <dt>Guest</dt>
              <dd>{t.guest_email}</dd>
            </>
          )}
          <dt>Department</dt>
          <dd>{t.department ?? "—"}</dd>
          <dt>Opened</dt>
          <dd>{formatInstant(t.created)}</dd>
        </dl>
        <StatusControl brandId={brandId} ticket={t} />
      </section>

      <section className="card" aria-labelledby="thread">
        <h2 id="thread">Conversation ({t.messages.length})</h2>
        <ol className={styles.thread}>
          {t.messages.map((m) => (
            <li key={m.message_id} className={`${styles.message} ${m.author_type === "STAFF" ? styles.staff : ""}`}>
              <p className={styles.meta}>
                <strong>{author(m)}</strong> · <time dateTime={new Date(m.created).toISOString()}>{formatInstant(m.created)}</time>
              </p>
              <p className={styles.body}>{m.message}</p>
              {m.attachments && (
                <ul className={styles.attachments}>
                  {m.attachments.split(",").map((url) => (
                    <li key={url}>
                      <a href={url} rel="noopener noreferrer" target="_blank">
                        {url.split("/").pop() || url}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section className="card" aria-labelledby="reply">
        <h2 id="reply">{internal ? "Add an internal note" : "Reply"}</h2>
        <ReplyForm brandId={brandId} ticketId={t.ticket_id} internal={internal} />
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
