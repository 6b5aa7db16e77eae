/** A credit note's number as the download of its PDF: a plain link (prefetching it would fetch the PDF), marked as a PDF. */
export function CreditNotePdfLink({ brandId, id, number }: { brandId: string; id: string; number: string }) {
  return (
    <a href={`/dashboard/${brandId}/credit-notes/${id}/pdf`} download>
      {number} <span className="muted">(PDF)</span>
    </a>
  );
}
