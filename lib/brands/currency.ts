import { sql } from "drizzle-orm";
import { resultRows } from "../../db/client";
import { invoices, payments } from "../../db/schema";
import { enterScope } from "../../db/tenancy";
import type { Brand, Context } from "../auth/context";
import { invalidState } from "../errors";

/**
 * Whether the brand has billed anything (an invoice or a payment, deleted ones too): its amounts are
 * then minor units of its currency, which can no longer change. Brand/Update may name another brand
 * of the service account, whose rows the transaction's scope hides: it looks under that brand's scope
 * and returns to its own.
 */
export async function hasBilled(ctx: Context, brandId: string): Promise<boolean> {
  const other = brandId !== ctx.brand.id;
  if (other) await enterScope(ctx.db, brandId);
  try {
    const [row] = resultRows<{ billed: boolean }>(
      await ctx.db.execute(
        sql`select exists (select 1 from ${invoices} where ${invoices.brandId} = ${brandId}) or exists (select 1 from ${payments} where ${payments.brandId} = ${brandId}) as billed`,
      ),
    );
    return row.billed;
  } finally {
    if (other) await enterScope(ctx.db, ctx.brand.id);
  }
}

/** The currency change Brand/Update may make, or a 409 naming `currency` once the brand has billed. */
export async function currencyChange(ctx: Context, brand: Brand, currency: string | undefined): Promise<{ currency?: string }> {
  if (currency === undefined || currency === brand.currency) return {};
  if (await hasBilled(ctx, brand.id)) {
    throw invalidState(
      `The brand's currency cannot change from ${brand.currency} to ${currency}: it has invoices or payments, whose amounts are in ${brand.currency}. Create a brand for ${currency} instead`,
      "currency",
    );
  }
  return { currency };
}
