"use client";

import { useId, useState, useTransition, type ReactNode } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { AccountPicker } from "@/components/forms/account-picker";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { PAGE_SIZES, type TableQuery } from "./search-params";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Amounts and counts: the column (header and cells) is right-aligned in tabular figures. */
    numeric?: boolean;
    /** Long text (names, changes): the cells wrap rather than widen the table. */
    wrap?: boolean;
  }
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface TableFilter {
  name: string;
  label: string;
  options: FilterOption[];
  /** Less used: behind "More filters" (open by itself while one of them is set). */
  more?: boolean;
}

/** Two date inputs filtering by calendar days: URL params `<name>_from` and `<name>_to` (both inclusive). */
export interface TableDateRange {
  name: string;
  label: string;
  more?: boolean;
}

/** A customer account chosen with the type-to-search picker; the URL param `name` carries its id. */
export interface TableAccountFilter {
  name: string;
  label: string;
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  /** The list query's sort keys: a column whose id is one of them sorts (unless `enableSorting: false`). */
  sortKeys: readonly string[];
  rows: T[];
  total: number;
  /** The state in the URL (parseTableQuery): page, page size, sort, search text and filter values. */
  query: TableQuery<string>;
  /** A label for the table (and its search box); e.g. "Customer accounts". */
  label: string;
  /** The search box's placeholder; none: no search box. */
  searchPlaceholder?: string;
  filters?: TableFilter[];
  dateRanges?: TableDateRange[];
  accountFilter?: TableAccountFilter;
  empty: ReactNode;
  getRowId?: (row: T) => string;
  /** A list of lib/dashboard/exports.ts: an "Export CSV" link downloads every row of the current search and filters. */
  exportName?: string;
}

/**
 * The one server-paginated table: rows come from the server for the state in the URL (page,
 * pageSize, sort, dir, q and filters), so a view can be bookmarked; changing it navigates.
 */
export function DataTable<T>({
  columns,
  sortKeys,
  rows,
  total,
  query,
  label,
  searchPlaceholder,
  filters: filterDefs,
  dateRanges,
  accountFilter,
  empty,
  getRowId,
  exportName,
}: DataTableProps<T>) {
  const { page, pageSize, sort } = query;
  const search = searchPlaceholder === undefined ? undefined : { placeholder: searchPlaceholder, value: query.q };
  const filters = filterDefs?.map((f) => ({ ...f, value: query.filters[f.name] ?? "" }));
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [q, setQ] = useState(search?.value ?? "");

  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };

  const sorting: SortingState = sort ? [{ id: sort.key, desc: sort.dir === "desc" }] : [];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    pageCount,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const s = next[0];
      navigate({ sort: s?.id ?? null, dir: s ? (s.desc ? "desc" : "asc") : null, page: null });
    },
    getCoreRowModel: getCoreRowModel(),
  });

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const rangeParams = (dateRanges ?? []).flatMap((r) => [`${r.name}_from`, `${r.name}_to`]);
  const account = accountFilter ? (query.filters[accountFilter.name] ?? "") : "";
  const filtered = Boolean(search?.value) || Boolean(filters?.some((f) => f.value)) || rangeParams.some((n) => query.filters[n]) || Boolean(account);
  const moreSet = (filters ?? []).filter((f) => f.more && f.value).length + (dateRanges ?? []).filter((r) => r.more && isSet(query, r.name)).length;
  const hasMore = Boolean(filters?.some((f) => f.more) || dateRanges?.some((r) => r.more));
  const moreId = `${useId()}-more`;
  // Open by itself while one of its filters is set (a bookmark, a link from the overview).
  const [moreOpen, setMoreOpen] = useState(moreSet > 0);
  const [wasSet, setWasSet] = useState(moreSet > 0);
  if (moreSet > 0 !== wasSet) {
    setWasSet(moreSet > 0);
    if (moreSet > 0) setMoreOpen(true);
  }

  const selectFilter = (f: TableFilter & { value: string }) => (
    <label key={f.name} className="table-filter">
      <span>{f.label}</span>
      <select value={f.value} onChange={(e) => navigate({ [f.name]: e.target.value, page: null })}>
        <option value="">All</option>
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  const dateRange = (r: TableDateRange) => (
    <fieldset key={r.name} className="table-filter table-date-range">
      <legend>{r.label}</legend>
      {(["from", "to"] as const).map((end) => (
        <label key={end}>
          <span className="visually-hidden">
            {r.label} {end}
          </span>
          <span aria-hidden="true">{end === "from" ? "From" : "to"}</span>
          <input
            type="date"
            name={`${r.name}_${end}`}
            value={query.filters[`${r.name}_${end}`] ?? ""}
            onChange={(e) => navigate({ [`${r.name}_${end}`]: e.target.value, page: null })}
          />
        </label>
      ))}
    </fieldset>
  );
  // The export reads the same URL state (search, filters, sort) from /dashboard/{brand}/export/{list}.
  const exportHref = exportName ? exportUrl(pathname, exportName, params) : undefined;

  return (
    <div className="data-table" aria-busy={pending}>
      {(search || filters?.length || dateRanges?.length || accountFilter || exportHref) && (
        <div className="table-toolbar">
          {search && (
            <form
              role="search"
              className="table-search"
              onSubmit={(e) => {
                e.preventDefault();
                navigate({ q: q.trim(), page: null });
              }}
            >
              <label className="visually-hidden" htmlFor="table-q">
                Search {label.toLowerCase()}
              </label>
              <input id="table-q" type="search" value={q} placeholder={search.placeholder} onChange={(e) => setQ(e.target.value)} />
              <button type="submit" className="button secondary">
                Search
              </button>
            </form>
          )}
          {filters?.filter((f) => !f.more).map(selectFilter)}
          {accountFilter && (
            <AccountFilter label={accountFilter.label} value={account} onChoose={(id) => navigate({ [accountFilter.name]: id || null, page: null })} />
          )}
          {dateRanges?.filter((r) => !r.more).map(dateRange)}
          {hasMore && (
            <button
              type="button"
              className="button secondary more-filters-toggle"
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => setMoreOpen(!moreOpen)}
            >
              More filters{moreSet > 0 ? ` (${moreSet} set)` : ""}
              <span aria-hidden="true" className="sort-mark">
                {moreOpen ? "▲" : "▼"}
              </span>
            </button>
          )}
          {filtered && (
            <button
              type="button"
              className="button link"
              onClick={() => {
                setQ("");
                navigate({
                  q: null,
                  page: null,
                  ...Object.fromEntries(
                    [...(filters ?? []).map((f) => f.name), ...rangeParams, ...(accountFilter ? [accountFilter.name] : [])].map((n) => [n, null]),
                  ),
                });
              }}
            >
              Clear
            </button>
          )}
          {exportHref && (
            <a className="button secondary export-button" href={exportHref} download>
              Export CSV
              <span className="visually-hidden">
                {" "}
                of {filtered ? "the matching" : "all"} {label.toLowerCase()}
              </span>
            </a>
          )}
          {hasMore && (
            <div id={moreId} className="more-filters" hidden={!moreOpen}>
              {filters?.filter((f) => f.more).map(selectFilter)}
              {dateRanges?.filter((r) => r.more).map(dateRange)}
            </div>
          )}
        </div>
      )}
      {/* On a phone every list's rows are blocks of labelled lines (headers that sort stay as a bar), not a table to scroll sideways. */}
      <div className="table-scroll stack-on-phone" tabIndex={0} role="region" aria-label={label}>
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const dir = h.column.getIsSorted();
                  const sortable = h.column.columnDef.enableSorting !== false && sortKeys.includes(h.column.id);
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={h.column.columnDef.meta?.numeric ? "num" : undefined}
                      aria-sort={dir ? (dir === "desc" ? "descending" : "ascending") : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={() => navigate({ sort: h.column.id, dir: dir === "asc" ? "desc" : "asc", page: null })}
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true" className="sort-mark">
                            {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cellClass(cell.column.columnDef.meta)}
                    data-label={typeof cell.column.columnDef.header === "string" ? cell.column.columnDef.header : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <div className="table-empty" role="status">
            {filtered ? "Nothing matches this search or filter." : empty}
          </div>
        )}
      </div>
      <nav className="table-pager" aria-label={`${label} pages`}>
        <span className="muted" role="status">
          {total === 0 ? "No results" : `${from}–${to} of ${total}`}
          {pending ? " · loading…" : ""}
        </span>
        <label className="table-filter">
          <span>Rows</span>
          <select value={pageSize} onChange={(e) => navigate({ pageSize: e.target.value, page: null })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="pager-buttons">
          <button type="button" className="button secondary" disabled={page <= 1} onClick={() => navigate({ page: String(page - 1) })}>
            Previous
          </button>
          <span className="muted">
            Page {page} of {pageCount}
          </span>
          <button type="button" className="button secondary" disabled={page >= pageCount} onClick={() => navigate({ page: String(page + 1) })}>
            Next
          </button>
        </div>
      </nav>
    </div>
  );
}

const cellClass = (meta?: { numeric?: boolean; wrap?: boolean }) => [meta?.numeric && "num", meta?.wrap && "wrap"].filter(Boolean).join(" ") || undefined;

const isSet = (query: TableQuery<string>, range: string) => Boolean(query.filters[`${range}_from`] || query.filters[`${range}_to`]);

/**
 * The account picker as a list filter: choosing an account filters at once; emptying the field and
 * leaving it drops the filter (typing alone does not, so the list stays put while staff search).
 */
function AccountFilter({ label, value, onChoose }: { label: string; value: string; onChoose: (accountId: string) => void }) {
  const id = `${useId()}-account`;
  const [chosen, setChosen] = useState(value);
  const [seen, setSeen] = useState(value);
  // Dropped from outside (Clear, going back): a fresh field, not the old name.
  const [generation, setGeneration] = useState(0);
  if (value !== seen) {
    setSeen(value);
    setChosen(value);
    if (!value) setGeneration((g) => g + 1);
  }
  return (
    <div className="table-filter table-account">
      <label htmlFor={id}>{label}</label>
      <AccountPicker
        key={generation}
        id={id}
        name={`${id}-value`}
        value={chosen}
        placeholder="Any: type a name or email…"
        onChange={(next) => {
          setChosen(next);
          if (next) onChoose(next);
        }}
        onBlur={() => {
          if (!chosen && value) onChoose("");
        }}
      />
    </div>
  );
}

/** The export route for this page's list: its search, filters and sort, not its page. */
function exportUrl(pathname: string, name: string, params: URLSearchParams) {
  const brandBase = pathname.split("/").slice(0, 3).join("/");
  const next = new URLSearchParams(params.toString());
  next.delete("page");
  next.delete("pageSize");
  const qs = next.toString();
  return `${brandBase}/export/${encodeURIComponent(name)}${qs ? `?${qs}` : ""}`;
}
