import { eq, getTableName } from "drizzle-orm";
import { selectRows } from "../db/client";
import { inAccount, inBrand, type AccountTable, type BrandTable } from "../db/scope";
import type { Context } from "./auth/context";
import { notFound } from "./errors";
import { isUuid } from "./ids";

const isAccountTable = (table: BrandTable): table is AccountTable => "customerAccountId" in table || getTableName(table) === "customer_accounts";

/** Loads one record of the context's brand by id, or throws NOT_FOUND naming the parameter. */
export async function findInBrand<T extends BrandTable>(
  ctx: Context,
  table: T,
  id: string,
  what: string,
  parameter?: string,
  opts: { forUpdate?: boolean | "no key update" } = {},
): Promise<T["$inferSelect"]> {
  if (!isUuid(id)) throw notFound(what, parameter);
  // A customer (portal) context finds only its own account's records among those that have one.
  const where = ctx.actor.kind === "customer" && isAccountTable(table) ? inAccount(ctx, table, eq(table.id, id)) : inBrand(ctx, table, eq(table.id, id));
  const rows = await selectRows(ctx.db, table, { where, limit: 1, forUpdate: opts.forUpdate });
  if (!rows[0]) throw notFound(what, parameter);
  return rows[0];
}

/** An id filter that is not a UUID can match nothing: answer an empty list without asking the database. */
export const impossibleIds = (...ids: (string | null | undefined)[]) => ids.some((id) => id && !isUuid(id));
