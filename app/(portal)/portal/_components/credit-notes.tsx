import Link from "next/link";
import type { CreditNoteRead } from "@/lib/credit-notes/read";
import type { Formats } from "@/lib/format";

/**
 * The customer's credit notes (issue 31): each one's number (its PDF), date and reason, the invoice
 * it credits (a link while the invoice is shown in the portal), the amount (and the tax it includes) and where the money went.
 * On the invoices page (`showInvoice`) and an invoice's page (the ones against it).
 */
export function CreditNoteList({ rows, f, showInvoice = false }: { rows: CreditNoteRead[]; f: Formats; showInvoice?: boolean }) {
  return (
    <ul className="p-list" aria-label="Credit notes">
      {rows.map((n) => (
        <li key={n.id}>
          <span>
            {/* A download: a plain link (prefetching it would fetch the PDF). */}
            <a href={`/portal/credit-notes/${n.id}/pdf`} download aria-label={`Credit note ${n.number} (PDF)`}>
              {n.number} <span className="muted">(PDF)</span>
            </a>
            <span className="muted">
              {" · "}
              {f.day(n.createdAt)} · {f.status("credit_reason", n.reason)}
            </span>
            {showInvoice ? (
              <>
                <br />
                <span className="muted">Credits </span>
                {n.invoiceVoid ? (
                  <span>Invoice {n.invoiceNumber} (void)</span>
                ) : (
                  <Link href={`/portal/invoices/${n.invoiceId}`}>Invoice {n.invoiceNumber}</Link>
                )}
              </>
            ) : null}
          </span>
          <span>
            <strong>{f.money(n.amountCents)}</strong>
            {n.taxCents ? <span className="muted"> incl. tax {f.money(n.taxCents)}</span> : null}{" "}
            <span className="muted">{f.status("credit_destination", n.destination)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
