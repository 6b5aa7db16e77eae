import Link from "next/link";
import type { ReactNode } from "react";
import { dashboardContext } from "@/app/_auth/session";
import { DomainError } from "@/lib/errors";
import type { Status } from "@/lib/lifecycle";
import { parseTableQuery, type RawSearchParams, type TableQuery, type UrlFilterValues } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";

/** What Next hands every dashboard list page. */
export type ListPageProps = { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> };

/**
 * Where every dashboard list page starts (`opts`: the list's sort keys, the filters the address may
 * carry and the default sort; an exported list passes its DASHBOARD_LISTS entry): the brand's context (cached per request, so a page that
 * needed it first for its filters' choices pays nothing), the table's state read from the address
 * (the sort defaulting to `defaultSort`), the paging a list query takes from it, the list's own
 * address, and `table(page, show)`: the props its table takes, `<XTable {...table(result)} />`.
 */
export async function openList<S extends string>(
  props: ListPageProps,
  path: string,
  opts: { sortKeys: readonly S[]; urlFilters?: Record<string, UrlFilterValues>; defaultSort?: { key: string; dir: "asc" | "desc" } },
) {
  const { brandId } = await props.params;
  const ctx = await dashboardContext(brandId);
  const parsed = parseTableQuery(await props.searchParams, { sortKeys: opts.sortKeys, filters: opts.urlFilters });
  const fallback =
    opts.defaultSort && (opts.sortKeys as readonly string[]).includes(opts.defaultSort.key) ? (opts.defaultSort as TableQuery<S>["sort"]) : undefined;
  const query = { ...parsed, sort: parsed.sort ?? fallback };
  const paging = { sort: query.sort, page: query.page, pageSize: query.pageSize };
  /** What the list's table (`listTable`) takes of a loaded page: its rows (as `show` makes them: what the table shows of each), the total, the brand and the state. */
  const table = <R, Shown = R>(page: { rows: R[]; total: number }, show?: (row: R) => Shown) => ({
    brandId,
    sortKeys: opts.sortKeys,
    query,
    rows: (show ? page.rows.map(show) : page.rows) as Shown[],
    total: page.total,
  });
  return { brandId, ctx, query, paging, base: `/dashboard/${brandId}/${path}`, table };
}

/** The ledger's statuses (1 active, 2 suspended, 3 deleted) as a list's `status` filter in the address. */
export const LEDGER_STATUSES = ["1", "2", "3"] as const;

/** The `status` filter a list query takes, from the address's (checked against LEDGER_STATUSES). */
export const ledgerStatusFilter = (query: { filters: Record<string, string> }) => (query.filters.status ? (Number(query.filters.status) as Status) : null);

/** The filters a list query (`list<X>Page(ctx, { filters })`) takes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FiltersOf<Query extends (ctx: any, opts: any) => unknown> = NonNullable<NonNullable<Parameters<Query>[1]>["filters"]>;

/** Only the named fields of a row: what a table shows is all that crosses to the browser. */
export function shown<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

/** A page's heading: its title and, when there is one, its primary action beside it (or `actions`, where it has more). */
export function PageHead({ title, action, actions }: { title: string; action?: { href: string; label: string }; actions?: ReactNode }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      {action && (
        <Link href={action.href} className="button primary">
          {action.label}
        </Link>
      )}
      {actions}
    </div>
  );
}

/**
 * A list page: its heading and `intro`, then what `children` makes of the loaded page of rows. A
 * query the list refuses (a bad filter in a hand-edited address) shows why, with the way back to
 * the whole list.
 */
export async function ListPage<T>({
  title,
  action,
  actions,
  intro,
  base,
  load,
  children,
}: {
  title: string;
  action?: { href: string; label: string };
  actions?: ReactNode;
  intro?: ReactNode;
  base: string;
  load: () => Promise<T>;
  children: (loaded: T) => ReactNode;
}) {
  let loaded: T;
  try {
    loaded = await load();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return (
      <>
        <PageHead title={title} />
        {intro}
        <TableError message={err.message} resetHref={base} />
      </>
    );
  }
  return (
    <>
      <PageHead title={title} action={action} actions={actions} />
      {intro}
      {children(loaded)}
    </>
  );
}
