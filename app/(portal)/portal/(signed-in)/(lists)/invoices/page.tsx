import Link from "next/link";
import { z } from "zod";
import { portalInvoices } from "@/lib/portal/queries";
import { customerPage } from "../../../_lib/data";
import { InvoiceStatus } from "../../../_components/status";

export const metadata = { title: "Invoices" };

const Query = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

export default async function Invoices({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { page } = Query.parse(await searchParams);
  const { ctx, f } = await customerPage();
  const list = await portalInvoices(ctx, { page });
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  return (
    <>
      <h1>Invoices</h1>
      <p className="lede">Every invoice on your account, newest first.</p>
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
        {pages > 1 ? (
          <nav className="p-pager" aria-label="Pages">
            {page > 1 ? <Link href={`/portal/invoices?page=${page - 1}`}>Newer</Link> : <span />}
            <span className="muted">
              Page {page} of {pages}
            </span>
            {page < pages ? <Link href={`/portal/invoices?page=${page + 1}`}>Older</Link> : <span />}
          </nav>
        ) : null}
      </section>
    </>
  );
}
