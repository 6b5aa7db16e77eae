import Link from "next/link";
import { z } from "zod";
import { customerTickets } from "@/lib/tickets/read";
import { customerPage } from "../../../_lib/data";
import { Pager } from "../../../_components/pager";
import { TicketStatus } from "../../../_components/status";
import { TicketForm } from "../../../_components/ticket-form";

export const metadata = { title: "Support" };

const Query = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** The customer's support tickets, newest activity first, and a form to open a new one. */
export default async function Support({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { page } = Query.parse(await searchParams);
  const { ctx, profile, f } = await customerPage();
  const list = await customerTickets(ctx, { page });
  const { supportEmail, supportPhone } = profile.brand;
  return (
    <>
      <h1>Support</h1>
      <p className="lede">
        Your questions to {profile.brand.name} and their answers.
        {supportEmail || supportPhone ? (
          <>
            {" "}
            You can also reach us at {supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : null}
            {supportEmail && supportPhone ? " or " : null}
            {supportPhone ? <a href={`tel:${supportPhone.replace(/[^+\d]/g, "")}`}>{supportPhone}</a> : null}.
          </>
        ) : null}
      </p>
      <div className="p-columns">
        <section className="p-card" aria-labelledby="tickets-title">
          <h2 id="tickets-title">Your tickets</h2>
          {list.rows.length === 0 ? (
            <div className="p-empty">
              <strong>{page > 1 ? "No tickets on this page" : "No tickets yet"}</strong>
              {page > 1 ? <Link href="/portal/support">Back to the first page</Link> : "Questions you send to support show here with their answers."}
            </div>
          ) : (
            <ul className="p-list">
              {list.rows.map((t) => (
                <li key={t.id}>
                  <span className="p-ticket-title">
                    <Link href={`/portal/support/${t.id}`}>{t.subject}</Link>
                    <span className="muted">
                      #{t.number} · updated {f.instant(t.updatedAt)}
                    </span>
                  </span>
                  <TicketStatus status={t.workingStatus} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} total={list.total} pageSize={list.pageSize} href={(p) => `/portal/support?page=${p}`} newer="Newer" older="Older" />
        </section>
        <section className="p-card" aria-labelledby="new-title">
          <h2 id="new-title">Open a new ticket</h2>
          <TicketForm openAfter />
        </section>
      </div>
    </>
  );
}
