/** Money is integer minor units (cents) everywhere inside; decimal strings only at the edge. */
export const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

/** "25", "25.5", "25.00" -> 2500, 2550, 2500. Throws on anything else. */
export function toCents(amount: string): number {
  if (!MONEY_PATTERN.test(amount)) throw new Error(`not an amount: ${amount}`);
  const [whole, frac = ""] = amount.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** 2550 -> "25.50"; negative amounts keep their sign. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
