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
 * Where every dashboard list page starts: the brand's context (cached per request, so a page that
 * needed it first for its filters' choices pays nothing), the table's state read from the address
 * (the sort defaulting to `defaultSort`), the paging a list query takes from it, and the list's own
 * address.
 */
export async function openList<S extends string>(
  props: ListPageProps,
  path: string,
  opts: { sortKeys: readonly S[]; filters?: Record<string, UrlFilterValues>; defaultSort?: NonNullable<TableQuery<S>["sort"]> },
) {
  const { brandId } = await props.params;
  const ctx = await dashboardContext(brandId);
  const parsed = parseTableQuery(await props.searchParams, opts);
  const query = { ...parsed, sort: parsed.sort ?? opts.defaultSort };
  const paging = { sort: query.sort, page: query.page, pageSize: query.pageSize };
  return { brandId, ctx, query, paging, base: `/dashboard/${brandId}/${path}` };
}

/** The ledger's statuses (1 active, 2 suspended, 3 deleted) as a list's `status` filter in the address. */
export const LEDGER_STATUSES = ["1", "2", "3"] as const;

/** The `status` filter a list query takes, from the address's (checked against LEDGER_STATUSES). */
export const ledgerStatusFilter = (query: { filters: Record<string, string> }) => (query.filters.status ? (Number(query.filters.status) as Status) : null);

/** Only the named fields of a row: what a table shows is all that crosses to the browser. */
export function shown<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

/** A page's heading: its title and, when there is one, its primary action beside it. */
export function PageHead({ title, action }: { title: string; action?: { href: string; label: string } }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      {action && (
        <Link href={action.href} className="button primary">
          {action.label}
        </Link>
      )}
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
  intro,
  base,
  load,
  children,
}: {
  title: string;
  action?: { href: string; label: string };
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
      <PageHead title={title} action={action} />
      {intro}
      {children(loaded)}
    </>
  );
}
