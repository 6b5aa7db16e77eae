import { eq, isNull, ne, sql } from "drizzle-orm";
import { coupons } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { isUniqueViolation } from "../../db/errors";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";

const duplicate = (code: string) =>
  new DomainError("DUPLICATE", `Another coupon of this brand already has the code ${code} (codes ignore letter case)`, { parameter: "coupon_code" });

/** The same comparison as the unique index coupons_brand_code: per brand, any case, not deleted. */
export const sameCode = (code: string) => eq(sql`lower(${coupons.couponCode})`, code.toLowerCase());

/** Refuses a code another live coupon of the brand has (`exceptId`: the coupon being changed). */
export async function assertCodeFree(ctx: Context, code: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(inBrand(ctx, coupons, sameCode(code), isNull(coupons.deletedAt), exceptId ? ne(coupons.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw duplicate(code);
}

/** Two concurrent writes can both pass assertCodeFree; the unique index then decides, and the loser gets DUPLICATE. */
export async function withCodeUniqueness<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (code !== undefined && isUniqueViolation(err)) throw duplicate(code);
    throw err;
  }
}
