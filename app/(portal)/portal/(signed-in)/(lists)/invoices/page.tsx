import Link from "next/link";
import { z } from "zod";
import { portalCreditNotes, portalInvoices } from "@/lib/portal/queries";
import { CreditNoteList } from "../../../_components/credit-notes";
import { Pager } from "../../../_components/pager";
import { customerPage } from "../../../_lib/data";
import { InvoiceStatus } from "../../../_components/status";

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
          <div className="p-table-wrap">
            <table className="p-table">
              <caption className="skip">Invoices</caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col" className="wide-only">
                    Issued
                  </th>
                  <th scope="col" className="wide-only">
                    Due
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num wide-only">
                    Total
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((i) => (
                  <tr key={i.id}>
                    <td>
                      <Link href={`/portal/invoices/${i.id}`} aria-label={`Invoice ${i.number}`}>
                        {i.number}
                      </Link>
                      <span className="narrow-only muted">Due {f.date(i.dueDate)}</span>
                    </td>
                    <td className="wide-only date">{f.day(i.createdAt)}</td>
                    <td className="wide-only date">{f.date(i.dueDate)}</td>
                    <td>
                      <InvoiceStatus status={i.status} />
                    </td>
                    <td className="num wide-only">{f.money(i.totalCents)}</td>
                    <td className="num">{f.money(i.balanceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
