import Link from "next/link";
import type { ReactNode } from "react";

export interface CompactColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * One section of a record's page: a heading with its count, a small table of the latest rows
 * (each linking to its record), what to say when there are none, and a link to the rest.
 */
export function CompactSection<T>({
  id,
  title,
  total,
  rows,
  columns,
  rowKey,
  empty,
  more,
  actions,
  regionLabel,
}: {
  id: string;
  title: string;
  total: number;
  rows: T[];
  columns: CompactColumn<T>[];
  rowKey: (row: T) => string;
  empty: string;
  more?: { href: string; label: string };
  actions?: ReactNode;
  /** The table's accessible name; by default "<title> of this account" (the customer hub's). */
  regionLabel?: string;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>
          {title} ({total})
        </h2>
        {actions && <div className="actions">{actions}</div>}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={regionLabel ?? `${title} of this account`}>
          <table>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? "num" : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={rowKey(r)}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.numeric ? "num" : undefined}>
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > rows.length && (
        <p className="muted section-more">
          The latest {rows.length} of {total}. {more && <Link href={more.href}>{more.label}</Link>}
        </p>
      )}
    </section>
  );
}
