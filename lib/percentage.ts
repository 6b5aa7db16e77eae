import { formatDecimal, parseDecimal } from "./money";

/**
 * A tax rate's percentage, exactly (issue 33): stored and computed as an integer of ten-thousandths
 * of a percent (20% is 200000, 8.875% is 88750), never a float. 100% is the most a rate may be.
 */
export const PERCENT_SCALE = 10_000;
export const MAX_PERCENTAGE = 100 * PERCENT_SCALE;

const PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
const DECIMALS = 4; // PERCENT_SCALE's

/** "8.875" as 88750; null for anything but a decimal with at most 4 decimals between 0 and 100. */
export function parsePercentage(s: string): number | null {
  const value = PATTERN.test(s) ? parseDecimal(s, DECIMALS) : null;
  return value !== null && value <= MAX_PERCENTAGE ? value : null;
}

/** 88750 as "8.875", 200000 as "20": the shortest exact decimal. */
export const formatPercentage = (tenThousandths: number): string => formatDecimal(tenThousandths, DECIMALS).replace(/\.?0+$/, "");
