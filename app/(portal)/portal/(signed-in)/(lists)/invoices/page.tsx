import Link from "next/link";
import { z } from "zod";
import { portalCreditNotes, portalInvoices } from "@/lib/portal/queries";
import { CreditNoteList } from "../../../_components/credit-notes";
import { Pager } from "../../../_components/pager";
import { customerPage } from "../../../_lib/data";
import { InvoiceStatus } from "../../../_components/status";
import { Table } from "@/components/ui/table";

export const metadata = { title: "Invoices" };

const Query = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  credits: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export default async function Invoices({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { page, credits: creditsPage } = Query.parse(await searchParams);
  const { ctx, f } = await customerPage();
  const [list, credits] = await Promise.all([portalInvoices(ctx, { page }), portalCreditNotes(ctx, { page: creditsPage })]);
  // Each list pages on its own, keeping the other's page in the link.
  const at = (p: number, c: number) => {
    const qs = new URLSearchParams({ ...(p > 1 ? { page: String(p) } : {}), ...(c > 1 ? { credits: String(c) } : {}) }).toString();
    return qs ? `/portal/invoices?${qs}` : "/portal/invoices";
  };
  return (
    <>
      <h1>Invoices</h1>
      <p className="lede">Every invoice on your account, newest first, and the credit notes against them.</p>
      <section className="p-card">
        {list.rows.length === 0 ? (
          <div className="p-empty">
            <strong>{page > 1 ? "No invoices on this page" : "No invoices yet"}</strong>
            {page > 1 ? <Link href="/portal/invoices">Back to the first page</Link> : "Your invoices show here once you are billed."}
          </div>
        ) : (
          <Table
            look="portal"
            caption="Invoices"
            rows={list.rows}
            rowKey={(i) => i.id}
            columns={[
              {
                header: "Invoice",
                cell: (i) => (
                  <>
                    <Link href={`/portal/invoices/${i.id}`} aria-label={`Invoice ${i.number}`}>
                      {i.number}
                    </Link>
                    <span className="narrow-only muted">Due {f.date(i.dueDate)}</span>
                  </>
                ),
              },
              { header: "Issued", wideOnly: true, className: "date", cell: (i) => f.day(i.createdAt) },
              { header: "Due", wideOnly: true, className: "date", cell: (i) => f.date(i.dueDate) },
              { header: "Status", cell: (i) => <InvoiceStatus status={i.status} /> },
              { header: "Total", numeric: true, wideOnly: true, cell: (i) => f.money(i.totalCents) },
              { header: "Balance", numeric: true, cell: (i) => f.money(i.balanceCents) },
            ]}
          />
        )}
        <Pager page={page} total={list.total} pageSize={list.pageSize} href={(p) => at(p, creditsPage)} newer="Newer" older="Older" label="Pages of invoices" />
      </section>
      {credits.total > 0 ? (
        <section className="p-card" aria-labelledby="credit-notes">
          <h2 id="credit-notes">Credit notes</h2>
          <p className="muted">Money taken off an invoice (a refund, a voided invoice or a price change), and where it went.</p>
          <CreditNoteList rows={credits.rows} f={f} showInvoice />
          <Pager
            page={creditsPage}
            total={credits.total}
            pageSize={credits.pageSize}
            href={(c) => at(page, c)}
            newer="Newer"
            older="Older"
            label="Pages of credit notes"
          />
        </section>
      ) : null}
    </>
  );
}
