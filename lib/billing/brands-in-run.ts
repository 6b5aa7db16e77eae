import { and, eq, isNull, type SQL } from "drizzle-orm";
import { brands } from "../../db/schema";

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
