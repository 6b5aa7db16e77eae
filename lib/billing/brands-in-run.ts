import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { brands } from "../../db/schema";
import { ALL_BRANDS, type BrandScope } from "../../db/tenancy";
import { brandOfRun, type RunContext } from "../auth/context";

/**
 * Which brands a billing run works on. The scheduled run: every live (not sandbox) brand, at the
 * real time. A test clock's advance: its one sandbox brand, at the clock's time. A sandbox brand's
 * time moves only when its staff advance it, so the scheduled run never bills it.
 */
export interface RunScope {
  /** Only this brand (a sandbox brand's advance, or one brand's changed subscriptions). */
  brandId?: string;
}

export const brandsInRun = ({ brandId }: RunScope = {}): SQL => and(isNull(brands.deletedAt), brandId ? eq(brands.id, brandId) : eq(brands.sandbox, false))!;

/** The row-level security scope of a run's statements: its one brand, or every brand, said explicitly (ALL_BRANDS). */
export const scopeOfRun = (ctx: RunContext): BrandScope => (ctx.brand === ALL_BRANDS ? ALL_BRANDS : ctx.brand.id);

/**
 * The brands a run works on (brandsInRun for its context's brand or every brand, narrowed by `where`
 * on the brand's own columns), in id order. The brands table has no brand_id: row-level security
 * does not apply to it, and no scope is needed (a condition on brand-owned rows is asked under
 * scopeOfRun, as generateDueInvoices does).
 */
export const brandsOfRun = (ctx: RunContext, where?: SQL) =>
  selectRows(ctx.db, brands, { where: and(brandsInRun({ brandId: brandOfRun(ctx)?.id }), where), orderBy: [asc(brands.id)] });
