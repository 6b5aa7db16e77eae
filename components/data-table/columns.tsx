import Link from "next/link";
import type { ReactNode } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, type StatusKind } from "@/lib/format";

/** A column of a list's table (the data table's `columns`). */
export type Column<Row> = ColumnDef<Row, unknown>;

/**
 * How a column shows: `sort: false` where the list query cannot sort by it (its heading stays a
 * word), `numeric` for amounts and counts (right-aligned figures), `wrap` for long text.
 */
export interface ColumnOptions {
  sort?: false;
  numeric?: boolean;
  wrap?: boolean;
}

/** The keys of a row whose values are a `V`. */
type KeysOf<Row, V> = { [K in keyof Row]-?: Row[K] extends V ? K : never }[keyof Row];

/** A row's field named by key, or what a function makes of the row. */
type Field<Row, V> = KeysOf<Row, V> | ((row: Row) => V);
/** A row's field by key (a key of the kind the builder takes). */
const at = <Row, V>(row: Row, key: unknown) => row[key as keyof Row] as V;
const read = <Row, V>(field: Field<Row, V>, row: Row): V => (typeof field === "function" ? (field as (row: Row) => V)(row) : at<Row, V>(row, field));

/** A column: its id (the list query's sort key when it sorts), its heading and what a cell shows of its row. */
export function column<Row>(id: string, header: Column<Row>["header"], cell: (row: Row) => ReactNode, opts: ColumnOptions = {}): Column<Row> {
  return { id, header, enableSorting: opts.sort, meta: { numeric: opts.numeric, wrap: opts.wrap }, cell: ({ row }) => cell(row.original) };
}

/**
 * The columns a list's table is declared with, one builder per kind of cell, formatted through
 * lib/format.ts: the brand's pages are linked under `/dashboard/<brandId>/`.
 */
export function columnsFor<Row>(brandId: string) {
  const href = (path: string) => `/dashboard/${brandId}/${path}`;
  /** A link to one of the brand's pages (`to`: its path under the brand), or `otherwise` where a row has none. */
  const link = (
    id: string,
    header: string,
    to: (row: Row) => string | null | false,
    label: (row: Row) => ReactNode,
    opts: ColumnOptions & { otherwise?: ReactNode } = {},
  ) =>
    column<Row>(
      id,
      header,
      (r) => {
        const path = to(r);
        return path ? <Link href={href(path)}>{label(r)}</Link> : opts.otherwise;
      },
      opts,
    );
  return {
    href,
    link,
    /** A field as it is (text or a count), or what a function makes of the row. */
    text: (id: string, header: Column<Row>["header"], field: Field<Row, ReactNode>, opts?: ColumnOptions) =>
      column<Row>(id, header, (r) => read(field, r), opts),
    /** The customer account a row belongs to, by name, linked to its page. */
    customer: (accountId: (row: Row) => string, name: (row: Row) => ReactNode, opts?: ColumnOptions) =>
      link("account", "Customer", (r) => `accounts/${accountId(r)}`, name, { sort: false, ...opts }),
    /** The product group a catalog record belongs to, by name, linked to its page. */
    group: (groupId: (row: Row) => string, name: (row: Row) => ReactNode) => link("group", "Group", (r) => `product-groups/${groupId(r)}`, name),
    /** An amount in cents of the row's currency, right-aligned; none is a dash. */
    money: (id: string, header: string, cents: Row extends { currency: string } ? KeysOf<Row, number | null> : never, opts?: ColumnOptions) =>
      column<Row>(
        id,
        header,
        (r) => {
          const value = at<Row, number | null>(r, cents);
          return value === null ? "—" : formatMoney(value, (r as { currency: string }).currency);
        },
        { numeric: true, ...opts },
      ),
    /** A calendar day (an ISO date). */
    date: (id: string, header: string, day: KeysOf<Row, string | null>, opts?: ColumnOptions) =>
      column<Row>(id, header, (r) => formatDate(at<Row, string | null>(r, day)), opts),
    /** An instant, as staff read one (a UTC stamp). */
    instant: (id: string, header: string, field: KeysOf<Row, Date | string | null>, opts?: ColumnOptions) =>
      column<Row>(id, header, (r) => formatInstant(at<Row, Date | string | null>(r, field)), opts),
    /** When the record was created (the list's `created_at` sort), as staff read an instant. */
    created: (field: KeysOf<Row, Date | string>, header = "Created") =>
      column<Row>("created_at", header, (r) => formatInstant(at<Row, Date | string>(r, field))),
    /** A status-like field as its coloured word (lib/format.ts names them): the ledger's unless `kind` says whose. */
    badge: (id: string, header: string, field: KeysOf<Row, number | string>, opts: ColumnOptions & { kind?: StatusKind } = {}) =>
      column<Row>(id, header, (r) => <StatusBadge kind={opts.kind} status={at<Row, number | string>(r, field)} />, opts),
    /** The row's `status`, "Status", as its coloured word: the ledger's unless `kind` says whose. */
    status: (opts: ColumnOptions & { kind?: StatusKind } = {}) =>
      column<Row>("status", "Status", (r) => <StatusBadge kind={opts.kind} status={(r as { status: number | string }).status} />, opts),
    /** A flag as "Yes" or "No". */
    yesNo: (id: string, header: string, flag: Field<Row, boolean>, opts?: ColumnOptions) =>
      column<Row>(id, header, (r) => (read(flag, r) ? "Yes" : "No"), opts),
    /** The row's buttons in a last column, "Actions"; none where `shown` is false (e.g. for a USER staff user). */
    actions: (shown: boolean, buttons: (row: Row) => ReactNode): Column<Row>[] =>
      shown ? [column<Row>("actions", "Actions", (r) => <div className="actions">{buttons(r)}</div>, { sort: false })] : [],
    /** What an empty list says: `text`, then a link to where to start (`to`, under the brand), then `after`. */
    empty: (text: string, to: string, label: string, after: ReactNode = ".") => (
      <>
        {text} <Link href={href(to)}>{label}</Link>
        {after}
      </>
    ),
  };
}

export type ColumnKit<Row> = ReturnType<typeof columnsFor<Row>>;
