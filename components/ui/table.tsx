import type { Key, ReactNode } from "react";

/** A column of a Table: its heading and what each row shows under it. */
export interface Column<T> {
  /** Its heading; a phone's stacked rows label each cell with it when it is words. */
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** A figure: right-aligned, tabular digits. */
  numeric?: boolean;
  /** Shown from a tablet up only (the portal's phone layout leaves it out). */
  wideOnly?: boolean;
  /** The row's heading (`<th scope="row">`). */
  rowHeader?: boolean;
  /** More classes of its body cells ("date"). */
  className?: string;
}

/** A row that sums the table up, or a part of it: its label under the first column, its figure under the last. */
export interface SumRow {
  label: ReactNode;
  value: ReactNode;
  key?: Key;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

/**
 * The one table of both UIs: a heading row, a row per record, and the rows that sum it up (a money
 * table's subtotal, taxes and total). The dashboard's scrolls sideways in a focusable region named
 * `label`; the portal's (`look="portal"`) is the portal's table. stackOnPhone: on a phone each row is a
 * block of lines labelled by their column (as DataTable's).
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  label,
  caption,
  look = "dashboard",
  className,
  stackOnPhone,
  groups = [],
  sums = [],
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey?: (row: T, index: number) => Key;
  /** The dashboard's: the scrolling region's accessible name. */
  label?: string;
  /** The table's name, for screen readers only. */
  caption?: string;
  look?: "dashboard" | "portal";
  className?: string;
  stackOnPhone?: boolean;
  /** Groups of summing rows under a heading, after the body (an invoice's discounts). */
  groups?: readonly { label: string; rows: readonly SumRow[] }[];
  /** The rows that sum the table up (a subtotal, taxes, the total). */
  sums?: readonly SumRow[];
}) {
  const portal = look === "portal";
  const head = (c: Column<T>) => classes(c.numeric && "num", c.wideOnly && "wide-only");
  const body = (c: Column<T>) => classes(c.numeric && "num", c.wideOnly && "wide-only", c.className);
  const last = columns.length - 1;
  // A summing row: its label under the first column, its figure under the last; the label spans the
  // columns between unless some of them are left out on a phone (then they stay, empty, to keep them).
  const spans = !columns.slice(1, last).some((c) => c.wideOnly);
  const sumLine = (s: SumRow, n: number) => (
    <tr key={s.key ?? n}>
      {columns.map((c, i) =>
        i === 0 ? (
          c.rowHeader ? (
            <th key={i} scope="row" colSpan={spans && last > 1 ? last : undefined}>
              {s.label}
            </th>
          ) : (
            <td key={i} colSpan={spans && last > 1 ? last : undefined}>
              {s.label}
            </td>
          )
        ) : i === last ? (
          <td key={i} className={head(c)}>
            {s.value}
          </td>
        ) : spans ? null : (
          <td key={i} className={classes(c.wideOnly && "wide-only")} />
        ),
      )}
    </tr>
  );
  const table = (
    <table className={portal ? "p-table" : className}>
      {caption && <caption className={portal ? "skip" : "visually-hidden"}>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={head(c)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, n) => (
          <tr key={rowKey ? rowKey(r, n) : n}>
            {columns.map((c, i) =>
              c.rowHeader ? (
                <th key={i} scope="row" className={body(c)}>
                  {c.cell(r, n)}
                </th>
              ) : (
                <td key={i} className={body(c)} data-label={typeof c.header === "string" ? c.header : undefined}>
                  {c.cell(r, n)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      {groups.map((g) => (
        <tbody key={g.label} aria-label={g.label}>
          <tr>
            <th scope="rowgroup" colSpan={columns.length}>
              {g.label}
            </th>
          </tr>
          {g.rows.map(sumLine)}
        </tbody>
      ))}
      {sums.length > 0 && <tfoot>{sums.map(sumLine)}</tfoot>}
    </table>
  );
  if (portal) return <div className="p-table-wrap">{table}</div>;
  if (!label) return <div className="table-scroll">{table}</div>;
  return (
    <div className={classes("table-scroll", stackOnPhone && "stack-on-phone")} tabIndex={0} role="region" aria-label={label}>
      {table}
    </div>
  );
}

/**
 * A small read-only table of cells in rows under their headings, in a scrolling region: a Table whose
 * rows are already what they show.
 */
export function SimpleTable({
  label,
  head,
  rows,
  numeric = [],
  stackOnPhone,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  numeric?: number[];
  stackOnPhone?: boolean;
}) {
  const columns = head.map((header, i): Column<ReactNode[]> => ({ header, numeric: numeric.includes(i), cell: (r) => r[i] }));
  return <Table label={label} stackOnPhone={stackOnPhone} columns={columns} rows={rows} />;
}
