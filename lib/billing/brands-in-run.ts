import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { selectRows, type Db } from "../../db/client";
import { brands } from "../../db/schema";
import { ALL_BRANDS, type BrandScope } from "../../db/tenancy";

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

/** The row-level security scope of a run's statements: its one brand, or every brand, said explicitly. */
export const scopeOfRun = ({ brandId }: RunScope): BrandScope => brandId ?? ALL_BRANDS;

/**
 * The brands of a run (brandsInRun, narrowed by `where` on the brand's own columns), in id order.
 * The brands table has no brand_id: row-level security does not apply to it, and no scope is needed
 * (a condition on brand-owned rows is asked under scopeOfRun, as generateDueInvoices does).
 */
export const brandsOfRun = (db: Db, scope: RunScope, where?: SQL) =>
  selectRows(db, brands, { where: and(brandsInRun(scope), where), orderBy: [asc(brands.id)] });
