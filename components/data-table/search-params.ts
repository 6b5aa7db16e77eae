/**
 * The data table's state as URL search params (page, pageSize, sort, dir, q and each filter), parsed
 * on the server for a page's list query. A value that does not fit (a hand-edited or stale bookmark)
 * falls back to the default rather than failing the page.
 */
export type RawSearchParams = Record<string, string | string[] | undefined>;

export interface TableQuery<S extends string> {
  page: number;
  pageSize: number;
  sort?: { key: S; dir: "asc" | "desc" };
  q: string;
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A URL filter's accepted values: a list, or a test (e.g. a calendar day). */
export type UrlFilterValues = readonly string[] | ((v: string) => boolean);

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export function parseTableQuery<S extends string>(
  sp: RawSearchParams,
  opts: { sortKeys: readonly S[]; filters?: Record<string, UrlFilterValues> },
): TableQuery<S> {
  const page = Number(first(sp.page));
  const pageSize = Number(first(sp.pageSize));
  const sortKey = first(sp.sort) as S;
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(opts.filters ?? {})) {
    const v = first(sp[name]);
    if (v && (typeof allowed === "function" ? allowed(v) : allowed.includes(v))) filters[name] = v;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 25,
    sort: opts.sortKeys.includes(sortKey) ? { key: sortKey, dir: first(sp.dir) === "desc" ? "desc" : "asc" } : undefined,
    q: first(sp.q).slice(0, 200),
    filters,
  };
}
