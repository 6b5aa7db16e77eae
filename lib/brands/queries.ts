import { and, eq, isNull, type SQL } from "drizzle-orm";
import { brands } from "../../db/schema";
import type { Context } from "../auth/context";
import { notFound } from "../errors";
import { isUuid } from "../ids";

/** Brands are scoped one level up: to the service account of the acting credentials. */
export const inServiceAccount = (ctx: Context, ...conditions: (SQL | undefined)[]) =>
  and(eq(brands.serviceAccountId, ctx.brand.serviceAccountId), isNull(brands.deletedAt), ...conditions)!;

/** A live brand of the same service account, or NOT_FOUND (another account's brand looks absent). */
export async function findBrand(ctx: Context, id: string, parameter: string) {
  if (!isUuid(id)) throw notFound("Brand", parameter);
  const [row] = await ctx.db
    .select()
    .from(brands)
    .where(inServiceAccount(ctx, eq(brands.id, id)))
    .for("update");
  if (!row) throw notFound("Brand", parameter);
  return row;
}
