import Link from "next/link";
import { notFound } from "next/navigation";
import { DetailHead, FactsCard, Section } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
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

export default async function TicketPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
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
  const internal = t.direction === "INTERNAL";
  return (
    <>
      <DetailHead
        list={{ href: `${dash}/tickets`, label: "Tickets" }}
        title={`#${t.friendly_ticket_id} ${t.subject}`}
        crumb={`#${t.friendly_ticket_id}`}
        badge={<TicketStatus status={t.working_status} />}
      >
        <MergeControl brandId={brandId} ticket={t} candidates={candidates} />
        <DeleteTicket brandId={brandId} ticket={t} />
      </DetailHead>

      <FactsCard
        id="about"
        title="About"
        facts={[
          ["Who sees it", DIRECTION_LABEL[t.direction]],
          [
            "Customer account",
            t.customer_account_id ? <Link href={`${dash}/accounts/${t.customer_account_id}`}>{account ?? t.customer_account_id}</Link> : "—",
          ],
          t.guest_email && ["Guest", t.guest_email],
          ["Department", t.department ?? "—"],
          ["Opened", formatInstant(t.created)],
        ]}
      >
        <StatusControl brandId={brandId} ticket={t} />
      </FactsCard>

      <Section id="thread" title={`Conversation (${t.messages.length})`}>
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
      </Section>

      <Section id="reply" title={internal ? "Add an internal note" : "Reply"}>
        <ReplyForm brandId={brandId} ticketId={t.ticket_id} internal={internal} />
      </Section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
