import { and, asc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { customerAccounts } from "./schema";

/**
 * Whose rows a query is for: the brand, and for a customer (portal) context their own account.
 * lib/auth/context.ts's Context is one; db/ knows only this much of it.
 */
export interface Tenant {
  brand: { id: string };
  actor: { kind: "staff" | "system" } | { kind: "customer"; customerAccountId: string };
}

/** A brand-owned table: every one has `id` and `brand_id`. */
export type BrandTable = PgTable & { id: PgColumn; brandId: PgColumn };

/**
 * Tenancy in one place: the condition every query on a brand-owned table starts from.
 * A record of another brand is then indistinguishable from one that does not exist.
 */
export function inBrand(ctx: Tenant, table: BrandTable, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.brandId, ctx.brand.id), ...conditions)!;
}

/** A table of a customer account's records (`customer_account_id`), or customer_accounts itself. */
export type AccountTable = (BrandTable & { customerAccountId: PgColumn }) | typeof customerAccounts;

/**
 * The portal's scope: inBrand, and for a customer context also the signed-in customer's account, so
 * a portal query can never reach another account's rows. Staff and system contexts see the brand.
 */
export function inAccount(ctx: Tenant, table: AccountTable, ...conditions: (SQL | undefined)[]): SQL {
  if (ctx.actor.kind !== "customer") return inBrand(ctx, table, ...conditions);
  const column = "customerAccountId" in table ? table.customerAccountId : table.id;
  return inBrand(ctx, table, eq(column, ctx.actor.customerAccountId), ...conditions);
}

/** Equality filters for the optional List parameters that are given (empty, or a number 0, counts as not given). */
export const filters = (pairs: [PgColumn, string | number | null | undefined][]): (SQL | undefined)[] =>
  pairs.map(([column, value]) => (value ? eq(column, value) : undefined));

/** Case-insensitive partial match; the user's text is matched literally (no LIKE wildcards). */
export const contains = (column: PgColumn | SQL, text: string) => ilike(column, `%${text.replace(/[\\%_]/g, "\\$&")}%`);

export const oldestFirst = (table: { createdAt: PgColumn; id: PgColumn }) => [asc(table.createdAt), asc(table.id)];

/**
 * `column = any($1::uuid[])`: one parameter for any number of ids, where drizzle's inArray sends
 * one per id (a thousand-id IN list cost more to bind and plan than to run). Elements are quoted,
 * so an id that is not a UUID is refused by the cast instead of splitting into several.
 */
export const anyOf = (column: PgColumn, ids: readonly string[]): SQL => sql`${column} = any(${sqlArray(ids, "uuid[]")})`;

/**
 * Any number of values as one array parameter of a PostgreSQL type, e.g. the columns of a set of
 * rows for `unnest(...)`: the statement's text stays the same whatever the count.
 */
export const sqlArray = (values: readonly string[], type: "uuid[]" | "date[]" | "text[]" | "int[]"): SQL => sql`${arrayLiteral(values)}::${sql.raw(type)}`;

/** A PostgreSQL array literal of text values, each element quoted. */
const arrayLiteral = (values: readonly string[]) =>
  values.some((v) => v.includes('"') || v.includes("\\"))
    ? `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`
    : values.length
      ? `{"${values.join('","')}"}`
      : "{}";
