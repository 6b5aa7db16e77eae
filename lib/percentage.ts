/**
 * A tax rate's percentage, exactly (issue 33): stored and computed as an integer of ten-thousandths
 * of a percent (20% is 200000, 8.875% is 88750), never a float. 100% is the most a rate may be.
 */
export const PERCENT_SCALE = 10_000;
export const MAX_PERCENTAGE = 100 * PERCENT_SCALE;

const PATTERN = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** "8.875" as 88750; null for anything but a decimal with at most 4 decimals between 0 and 100. */
export function parsePercentage(s: string): number | null {
  const m = PATTERN.exec(s);
  if (!m) return null;
  const value = Number(m[1]) * PERCENT_SCALE + Number((m[2] ?? "").padEnd(4, "0"));
  return value <= MAX_PERCENTAGE ? value : null;
}

/** 88750 as "8.875", 200000 as "20": the shortest exact decimal. */
export function formatPercentage(tenThousandths: number): string {
  const whole = Math.trunc(tenThousandths / PERCENT_SCALE);
  const fraction = String(tenThousandths % PERCENT_SCALE)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
