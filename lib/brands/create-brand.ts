import { count, eq } from "drizzle-orm";
import { brands, serviceAccounts } from "../../db/schema";
import { requireAdmin, type Context } from "../auth/context";
import { DomainError } from "../errors";
import { sealSigningSecret } from "../webhooks/post";
import { newId, newSecret } from "../ids";
import { clock as realClock } from "../clock";
import type { CreateBrandInput } from "./schemas";
import { inServiceAccount } from "./queries";
import { brandView } from "./view";
import { BRAND_COLUMNS } from "./columns";

/** Brands per service account (spec, Limits). */
export const MAX_BRANDS = 10;

export async function createBrand({ ctx, input }: { ctx: Context; input: CreateBrandInput }) {
  requireAdmin(ctx, "create brands");
  // Serialises concurrent creates of one service account, so the limit holds under races.
  await ctx.db.select({ id: serviceAccounts.id }).from(serviceAccounts).where(eq(serviceAccounts.id, ctx.brand.serviceAccountId)).for("update");
  const [{ n }] = await ctx.db.select({ n: count() }).from(brands).where(inServiceAccount(ctx));
  if (n >= MAX_BRANDS) {
    throw new DomainError("LIMIT_REACHED", `A service account can have at most ${MAX_BRANDS} brands; delete one before creating another`);
  }
  const now = ctx.now();
  const id = newId();
  const values: typeof brands.$inferInsert = {
    id,
    serviceAccountId: ctx.brand.serviceAccountId,
    name: input.name,
    description: input.description,
    logoUrl: input.logo_url,
    ...(input.currency ? { currency: input.currency } : {}),
    webhookSecret: sealSigningSecret(id, newSecret("whsec")),
    // A sandbox brand's clock starts at the real time, whatever the creating brand's clock says.
    ...(input.sandbox === "Y" ? { sandbox: true, testClockAt: realClock.now() } : {}),
    ...(input.retry_days ? { retryDays: input.retry_days } : {}),
    createdAt: now,
    updatedAt: now,
  };
  for (const [param, column] of Object.entries(BRAND_COLUMNS)) {
    const v = input[param as keyof CreateBrandInput];
    if (v !== undefined && v !== null) (values as Record<string, unknown>)[column] = v;
  }
  const [row] = await ctx.db.insert(brands).values(values).returning();
  return brandView(row);
}
