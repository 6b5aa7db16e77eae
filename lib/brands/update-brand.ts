import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, type Context } from "../auth/context";
import type { UpdateBrandInput } from "./schemas";
import { invalidState } from "../errors";
import { clock as realClock } from "../clock";
import { findBrand } from "./queries";
import { currencyChange } from "./currency";
import { brandView } from "./view";
import { BRAND_COLUMNS } from "./columns";

/** Sets each supplied field; an optional field supplied empty is cleared. */
export async function updateBrand({ ctx, input }: { ctx: Context; input: UpdateBrandInput }) {
  requireAdmin(ctx, "change brands");
  const brand = await findBrand(ctx, input.update_brand_id, "update_brand_id");
  const changes: Record<string, unknown> = {};
  if (input.sandbox === "N" && brand.sandbox) {
    throw invalidState("A sandbox brand cannot go live: its records were made at its test clock's times. Create a live brand instead", "sandbox");
  }
  if (input.sandbox === "Y" && !brand.sandbox) Object.assign(changes, { sandbox: true, testClockAt: realClock.now() });
  Object.assign(changes, await currencyChange(ctx, brand, input.currency));
  for (const [param, column] of Object.entries(BRAND_COLUMNS)) {
    const v = input[param as keyof UpdateBrandInput];
    if (v !== undefined) changes[column] = v;
  }
  if (input.retry_days !== undefined) changes.retryDays = input.retry_days ?? [];
  if (Object.keys(changes).length === 0) return brandView(brand);
  const [row] = await ctx.db
    .update(brands)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(brands.id, brand.id))
    .returning();
  forgetResolvedCredentials();
  return brandView(row);
}
