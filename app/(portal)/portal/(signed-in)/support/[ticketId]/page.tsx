import Link from "next/link";
import { acceptsReplies, customerTicket } from "@/lib/tickets/read";
import { webAddress } from "../../../_components/brand-chrome";
import { customerPage, orNotFound } from "../../../_lib/data";
import { TicketStatus } from "../../../_components/status";
import { ReplyForm } from "../../../_components/ticket-form";

export const metadata = { title: "Support ticket" };

/** An attachment's file name, for its link text. */
function fileName(href: string) {
  try {
    return decodeURIComponent(new URL(href).pathname.split("/").pop() || "") || href;
  } catch {
    return href;
  }
}

/** One ticket's conversation, oldest message first, and the reply box (a closed ticket takes a new ticket instead). */
export default async function TicketPage({
  params,
  searchParams,
}: {
  params: Promise<{ ticketId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ticketId } = await params;
  const opened = (await searchParams).opened === "1";
  const { ctx, profile, f } = await customerPage();
  const { ticket, messages } = await orNotFound(customerTicket(ctx, ticketId));
  return (
    <>
      <p className="crumbs">
        <Link href="/portal/support">← All tickets</Link>
      </p>
      <h1>
        {ticket.subject} <TicketStatus status={ticket.workingStatus} />
      </h1>
      <p className="lede">
        Ticket #{ticket.number} · opened {f.instant(ticket.createdAt)}
        {ticket.department ? ` · ${ticket.department}` : null}
      </p>
      {opened ? (
        <div className="p-alert info" role="status">
          Thanks, we got your message. We&apos;ll reply here and by email.
        </div>
      ) : null}
      <section className="p-card" aria-labelledby="thread-title">
        <h2 id="thread-title">Conversation</h2>
        <ol className="p-thread">
          {messages.map((m) => (
            <li key={m.id} className={m.from === "support" ? "from-support" : "from-customer"}>
              <p className="p-thread-who">
                <strong>{m.from === "you" ? "You" : m.from === "support" ? `${profile.brand.name} support` : (m.name ?? "Your colleague")}</strong>
                <span className="muted"> · {f.instant(m.createdAt)}</span>
              </p>
              <div className="p-thread-body">{m.message}</div>
              {m.attachments.length ? (
                <ul className="p-attachments" aria-label="Attachments">
                  {m.attachments.map((a, n) => {
                    const href = webAddress(a);
                    return (
                      <li key={n}>
                        {href ? (
                          <a href={href} rel="noopener noreferrer">
                            {fileName(href)}
                          </a>
                        ) : (
                          a
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="p-card" aria-labelledby="reply-title">
        <h2 id="reply-title">Reply</h2>
        {acceptsReplies(ticket.workingStatus) ? (
          <ReplyForm ticketId={ticket.id} />
        ) : (
          <div className="p-empty">
            <strong>This ticket is closed</strong>
            Need more help? <Link href="/portal/support#new-title">Open a new ticket</Link>.
          </div>
        )}
      </section>
    </>
  );
}
