import Link from "next/link";
import { DetailHead, FactsCard, Section } from "@/components/dashboard/detail";
import { loadRecord, openRecord, type RecordPageProps } from "../../_components/load-record";
import { shown } from "../../_components/list-page";
import { listTicketsPage } from "@/lib/tickets/list-tickets";
import { authorNames, mergeCandidates, type TicketMessageRead } from "@/lib/tickets/read";
import { DIRECTION_LABEL } from "@/lib/tickets/labels";
import { accountName } from "@/lib/users/pages";
import { formatInstant } from "@/lib/format";
import { StatusBadge } from "@/components/ui/status";
import styles from "../_components/thread.module.css";
import { ReplyForm } from "../_components/reply-form";
import { DeleteTicket, MergeControl, StatusControl } from "../_components/ticket-controls";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Ticket · Recurring Billing" };

export default async function TicketPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const t = await loadRecord(ctx, id, listTicketsPage);
  const [candidates, account, names] = await Promise.all([mergeCandidates(ctx, t), accountName(ctx, t.customerAccountId), authorNames(ctx, t.messages)]);
  const author = (m: TicketMessageRead) =>
    m.authorType === "STAFF" ? "Staff" : m.authorType === "GUEST" ? `Guest ${m.guestEmail ?? ""}` : (names.get(m.customerUserId ?? "") ?? "Customer");
  const internal = t.direction === "INTERNAL";
  const ticket = shown(t, ["id", "number", "subject", "workingStatus"]);
  return (
    <>
      <DetailHead
        list={{ href: `${dash}/tickets`, label: "Tickets" }}
        title={`#${t.number} ${t.subject}`}
        crumb={`#${t.number}`}
        badge={<StatusBadge kind="ticket" status={t.workingStatus} />}
      >
        <MergeControl brandId={brandId} ticket={ticket} candidates={candidates} />
        <DeleteTicket brandId={brandId} ticket={ticket} />
      </DetailHead>

      <FactsCard
        id="about"
        title="About"
        facts={[
          ["Who sees it", DIRECTION_LABEL[t.direction]],
          ["Customer account", t.customerAccountId ? <Link href={`${dash}/accounts/${t.customerAccountId}`}>{account ?? t.customerAccountId}</Link> : "—"],
          t.guestEmail && ["Guest", t.guestEmail],
          ["Department", t.department ?? "—"],
          ["Opened", formatInstant(t.createdAt)],
        ]}
      >
        <StatusControl brandId={brandId} ticket={ticket} />
      </FactsCard>

      <Section id="thread" title={`Conversation (${t.messages.length})`}>
        <ol className={styles.thread}>
          {t.messages.map((m) => (
            <li key={m.id} className={`${styles.message} ${m.authorType === "STAFF" ? styles.staff : ""}`}>
              <p className={styles.meta}>
                <strong>{author(m)}</strong> · <time dateTime={m.createdAt.toISOString()}>{formatInstant(m.createdAt)}</time>
              </p>
              <p className={styles.body}>{m.message}</p>
              {m.attachments.length > 0 && (
                <ul className={styles.attachments}>
                  {m.attachments.map((url) => (
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
        <ReplyForm brandId={brandId} ticketId={t.id} internal={internal} />
      </Section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
