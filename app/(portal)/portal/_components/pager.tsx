import Link from "next/link";

/** Previous and next page links for a portal list, with "Page n of m"; nothing when it all fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  href,
  newer = "Previous",
  older = "Next",
  label = "Pages",
}: {
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
  newer?: string;
  older?: string;
  /** The navigation's name, when a page has more than one list. */
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="p-pager" aria-label={label}>
      {page > 1 ? <Link href={href(page - 1)}>{newer}</Link> : <span />}
      <span className="muted">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? <Link href={href(page + 1)}>{older}</Link> : <span />}
    </nav>
  );
}
