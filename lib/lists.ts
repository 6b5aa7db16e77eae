import { and, asc, count, desc, eq, getTableColumns, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Context } from "./auth/context";
import { DomainError } from "./errors";
import { isUuid } from "./ids";
import { selectRows } from "../db/client";
import { contains, inAccount, inBrand, type AccountTable, type BrandTable } from "../db/scope";
import { onReplica } from "./replica";

/**
 * Typed, paged list queries: one declarative spec per domain gives both the page query a data
 * table calls (`page`, validated: page, pageSize 1..100, whitelisted sort and filters) and the
 * query the API's List verb calls with the spec's limits (`window`), so pages and API show the
 * same rows through the same view.
 */

/** What a filter's condition answers for a value that can match nothing (an id that is not a UUID): an empty list, no query. */
export const NOTHING = null;

export interface Filter<V> {
  schema: z.ZodType<V>;
  /** The condition for a given value; NOTHING when no row can match. The context gives e.g. the brand's time zone and today. */
  where: (value: V, ctx: Context) => SQL | undefined | typeof NOTHING;
}

export const idFilter = (column: PgColumn): Filter<string> => ({ schema: z.string(), where: (v) => (isUuid(v) ? eq(column, v) : NOTHING) });
export const equalsFilter = <V extends string | number>(column: PgColumn, schema: z.ZodType<V>): Filter<V> => ({ schema, where: (v) => eq(column, v) });
export const containsFilter = (column: PgColumn): Filter<string> => ({ schema: z.string(), where: (v) => contains(column, v) });
/** The status ledger (lib/lifecycle.ts): 1 active, 2 suspended, 3 deleted. */
export const statusFilter = (column: PgColumn): Filter<1 | 2 | 3> => equalsFilter(column, z.union([z.literal(1), z.literal(2), z.literal(3)]));
export const sqlFilter = <V>(schema: z.ZodType<V>, where: Filter<V>["where"]): Filter<V> => ({ schema, where });

/**
 * Calendar days (YYYY-MM-DD, both ends inclusive) as filters: on a date column as they are, on an
 * instant column as the brand's days (from its midnight in the brand's time zone to the next one).
 */
export const dayFilters = (column: PgColumn, kind: "date" | "instant") => {
  const midnight = (d: string, ctx: Context) => sql`(${d}::date::timestamp at time zone ${ctx.brand.timezoneId})`;
  const nextMidnight = (d: string, ctx: Context) => sql`((${d}::date + 1)::timestamp at time zone ${ctx.brand.timezoneId})`;
  return {
    from: sqlFilter(z.iso.date(), (d, ctx) => (kind === "date" ? gte(column, d) : sql`${column} >= ${midnight(d, ctx)}`)),
    to: sqlFilter(z.iso.date(), (d, ctx) => (kind === "date" ? lte(column, d) : sql`${column} < ${nextMidnight(d, ctx)}`)),
  };
};

/**
 * Live rows (deleted_at unset) unless one is asked for by id (the API's List verbs find a deleted
 * record by id) or a staff page asks for the deleted ones (`deleted`, deletedFilter).
 */
export const liveUnlessById = (deletedAt: PgColumn) => (f: { id?: unknown; deleted?: unknown }) => (f.id || f.deleted ? undefined : isNull(deletedAt));
/** A staff page's "show the deleted ones" (`deleted` Y): only rows with deleted_at set (with liveUnlessById). */
export const deletedFilter = (deletedAt: PgColumn) => sqlFilter(z.literal("Y"), () => isNotNull(deletedAt));

type Filters = Record<string, Filter<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type FilterValues<F extends Filters> = { [K in keyof F]?: F[K] extends Filter<infer V> ? V | null : never } & { q?: string | null };
export type SortDir = "asc" | "desc";

export interface ListSpec<T extends BrandTable, F extends Filters, S extends string, V> {
  table: T;
  filters: F;
  /** Columns `q` searches (case-insensitive, partial, % and _ literal), or the condition for a `q`; none: no `q`. */
  search?: (PgColumn | SQL)[] | ((q: string) => SQL);
  /**
   * A condition that depends on several filters, e.g. deleted rows only when asked for by id, or on
   * the reader (a customer context: what the portal may show, e.g. never an INTERNAL ticket).
   */
  scope?: (filters: FilterValues<F>, ctx: Context) => SQL | undefined;
  /** The sort keys a caller may name; ties are broken by id in the same direction. */
  sortable: Record<S, PgColumn | SQL>;
  defaultSort: { key: NoInfer<S>; dir: SortDir };
  /**
   * The rows pages, the portal and the API's List verb get: the domain's typed read rows
   * (lib/<domain>/read.ts: cents, Dates, named statuses), which only lib/api turns into the wire.
   * A domain not yet converted still answers its wire view here.
   */
  read: (ctx: Context, rows: T["$inferSelect"][]) => V[] | Promise<V[]>;
  /**
   * What a customer (portal) context sees: "account", only the signed-in customer's own rows;
   * "brand", the brand's (the catalog, the knowledge base). None: staff only, a customer is refused.
   */
  portal?: "account" | "brand";
}

export interface Window<F extends Filters, S extends string> {
  filters?: FilterValues<F>;
  sort?: { key: S; dir?: SortDir };
  offset?: number;
  /** None: every match (and total is their number). */
  limit?: number;
  /** false: no count query (total is then -1); a CSV export reads page after page and needs none. */
  countTotal?: boolean;
}

export interface PageInput<F extends Filters, S extends string> {
  filters?: FilterValues<F>;
  sort?: { key: S; dir?: SortDir };
  page?: number;
  pageSize?: number;
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

export function defineList<T extends BrandTable, F extends Filters, S extends string, V>(spec: ListSpec<T, F, S, V>) {
  const { table } = spec;
  const filterShape: Record<string, z.ZodType> = Object.fromEntries(Object.entries(spec.filters).map(([k, f]) => [k, f.schema.nullish()]));
  if (spec.search) filterShape.q = z.string().max(200).nullish();
  const sortKeys = Object.keys(spec.sortable) as [S, ...S[]];
  const schema = z.strictObject({
    filters: z.strictObject(filterShape).optional(),
    sort: z.strictObject({ key: z.enum(sortKeys), dir: z.enum(["asc", "desc"]).optional() }).optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  });

  /** The condition and order of a window's rows; null when no row can match. */
  function prepare(ctx: Context, w: Pick<Window<F, S>, "filters" | "sort">) {
    const values = (w.filters ?? {}) as FilterValues<F>;
    const conditions: (SQL | undefined)[] = [spec.scope?.(values, ctx)];
    for (const [key, value] of Object.entries(values)) {
      // Like the API's filters: an empty value is not a filter.
      if (value === undefined || value === null || value === "") continue;
      const condition = key === "q" ? searchFor(spec.search!, value as string) : spec.filters[key].where(value, ctx);
      if (condition === NOTHING) return null;
      conditions.push(condition);
    }
    const key = w.sort?.key ?? spec.defaultSort.key;
    const descending = (w.sort?.dir ?? (w.sort ? "asc" : spec.defaultSort.dir)) === "desc";
    const dir = descending ? desc : asc;
    const column = spec.sortable[key];
    return { where: scoped(ctx, spec, conditions), orderBy: [dir(column), dir(table.id)], column, descending };
  }

  /** The brand's matching rows in order, `limit` of them from `offset`; total counts every match. */
  async function window(ctx: Context, w: Window<F, S> = {}): Promise<{ rows: V[]; total: number }> {
    const q = prepare(ctx, w);
    if (!q) return { rows: [], total: 0 };
    const { where, orderBy } = q;
    const offset = w.offset ?? 0;
    const rows = await selectRows(ctx.db, table, { where, orderBy, limit: w.limit, offset });
    // Count only when the rows cannot tell: a full page, or past the end.
    const known = w.limit === undefined || rows.length < w.limit ? (rows.length || !offset ? offset + rows.length : undefined) : undefined;
    const total =
      known ??
      (w.countTotal === false ? -1 : undefined) ??
      // The count may come from the read replica (lib/replica.ts): it is the costly part of a page.
      (
        await (
          await onReplica(ctx)
        ).db
          .select({ n: count() })
          .from(table as BrandTable)
          .where(where)
      )[0].n;
    return { rows: await spec.read(ctx, rows), total };
  }

  /**
   * Every match in the window's order, `size` rows at a time (a CSV export). Each batch starts after
   * the last row of the one before (keyset on the sort column and id), where an offset would read
   * and sort every row before it again. The last row's sort value is read by the database from that
   * row itself, so no precision is lost on the way (timestamps have microseconds, a Date has not);
   * only whether it is null, which is exact, decides the condition (nulls sort last ascending).
   */
  async function* batches(ctx: Context, w: Pick<Window<F, S>, "filters" | "sort"> = {}, size = 1000): AsyncGenerator<V[]> {
    const q = prepare(ctx, w);
    if (!q) return;
    const { column, descending, orderBy } = q;
    const id = (table as BrandTable).id;
    const columns = getTableColumns(table) as Record<string, unknown>;
    const property = Object.keys(columns).find((k) => columns[k] === column);
    if (!property) {
      // A computed sort key has no value on the row to resume from: offset paging, as a page does.
      for (let offset = 0; ; offset += size) {
        const rows = await selectRows(ctx.db, table, { where: q.where, orderBy, limit: size, offset });
        if (rows.length) yield await spec.read(ctx, rows);
        if (rows.length < size) return;
      }
    }
    let last: Record<string, unknown> | undefined;
    for (;;) {
      let after: SQL | undefined;
      if (last) {
        const lastValue = sql`(select ${column} from ${table} where ${id} = ${last.id})`;
        const beyond = descending ? sql`(${column}, ${id}) < (${lastValue}, ${last.id}::uuid)` : sql`(${column}, ${id}) > (${lastValue}, ${last.id}::uuid)`;
        const sortValueIsNull = last[property] === null || last[property] === undefined;
        after = sortValueIsNull
          ? or(and(isNull(column), descending ? sql`${id} < ${last.id}::uuid` : sql`${id} > ${last.id}::uuid`), descending ? isNotNull(column) : undefined)
          : or(beyond, descending ? undefined : isNull(column));
      }
      const rows = await selectRows(ctx.db, table, { where: and(q.where, after), orderBy, limit: size });
      if (rows.length) yield await spec.read(ctx, rows);
      if (rows.length < size) return;
      last = rows[rows.length - 1] as Record<string, unknown>;
    }
  }

  /** One page for a data table: the input is checked, a bad part refused as INVALID_PARAMETER naming it. */
  async function page(ctx: Context, input: PageInput<F, S> = {}) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw invalidPageInput(parsed.error);
    const { filters, sort, page, pageSize } = parsed.data;
    return window(ctx, { filters: filters as FilterValues<F>, sort: sort as Window<F, S>["sort"], offset: (page - 1) * pageSize, limit: pageSize });
  }

  return { window, page, batches, sortKeys };
}

/** inBrand, narrowed to the customer's own account for a portal context (or refused where the portal has no business). */
function scoped(ctx: Context, spec: { table: BrandTable; portal?: "account" | "brand" }, conditions: (SQL | undefined)[]): SQL {
  if (ctx.actor.kind !== "customer" || spec.portal === "brand") return inBrand(ctx, spec.table, ...conditions);
  if (spec.portal === "account") return inAccount(ctx, spec.table as AccountTable, ...conditions);
  throw new DomainError("FORBIDDEN", "This list is for brand staff only");
}

const searchFor = (search: NonNullable<ListSpec<BrandTable, Filters, string, unknown>["search"]>, q: string) =>
  typeof search === "function" ? search(q) : or(...search.map((c) => contains(c, q)));

function invalidPageInput(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
  // sort.key and sort.dir are both "sort" to a caller.
  const parameter = path[0] === "sort" ? "sort" : path.join(".");
  return new DomainError("INVALID_PARAMETER", `${parameter}: ${issue.message}`, { parameter });
}
