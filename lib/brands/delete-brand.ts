import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, type Context } from "../auth/context";
import { findBrand } from "./queries";
import { brandView } from "./view";

/** Irreversible: the brand_id stops authenticating and billing skips the brand from now on. */
export async function deleteBrand({ ctx, input }: { ctx: Context; input: { delete_brand_id: string } }) {
  requireAdmin(ctx, "delete brands");
  const brand = await findBrand(ctx, input.delete_brand_id, "delete_brand_id");
  const now = ctx.now();
  const [row] = await ctx.db.update(brands).set({ deletedAt: now, updatedAt: now }).where(eq(brands.id, brand.id)).returning();
  forgetResolvedCredentials();
  return brandView(row);
}
