/**
 * Money is integer minor units of the brand's currency everywhere inside (USD cents, JPY yen, KWD
 * fils); decimal strings only at the edge, with exactly as many decimals as the currency has.
 */

/** What a brand bills in unless told otherwise (every brand did before currencies). */
export const DEFAULT_CURRENCY = "USD";

/**
 * The ISO 4217 codes in circulation, as the runtime's ICU lists them (the codes of the ISO list's
 * legal tender, plus XDR and XSU; funds codes such as USN or CLF and withdrawn ones are not).
 */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

export const isCurrency = (code: string) => CURRENCIES.has(code);

const exponents = new Map<string, number>();

/**
 * A currency's minor unit exponent (decimals): USD and EUR 2, JPY 0, KWD and BHD 3. From ICU's
 * currency data through Intl, which agrees with ISO 4217 for these; where the two differ (ICU gives
 * 0 for HUF, IDR, COP, IQD and a few others whose ISO minor units are not in use) ICU's is taken, so
 * the wire, the database and what people read agree. tests/money.test.ts pins the whole table, so a
 * runtime whose data changed an exponent fails there before stored amounts would be misread.
 */
export function minorUnits(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    if (!isCurrency(currency)) throw new Error(`not a currency: ${currency}`);
    e = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, e);
  }
  return e;
}

const patterns = new Map<number, RegExp>();

/** A non-negative amount with at most `exponent` decimals: "2500" (0), "25", "25.5", "25.00" (2), "12.345" (3). */
export function amountPattern(currency: string): RegExp {
  const e = minorUnits(currency);
  let p = patterns.get(e);
  if (!p) patterns.set(e, (p = e === 0 ? /^\d{1,10}$/ : new RegExp(`^\\d{1,10}(\\.\\d{1,${e}})?$`)));
  return p;
}

/** An example amount in the currency, for messages: "2500", "25.00", "12.345". */
export const exampleAmount = (currency: string) =>
  ({ 0: "2500", 2: "25.00", 3: "12.345" })[minorUnits(currency)] ?? formatAmount(25 * 10 ** minorUnits(currency), currency);

/** What an amount parameter of the currency must look like, said as a refusal's tail. */
export function amountRule(currency: string): string {
  const e = minorUnits(currency);
  const decimals = e === 0 ? "no decimals" : `at most ${["", "one", "two", "three", "four"][e] ?? e} decimal${e === 1 ? "" : "s"}`;
  return `must be an amount with ${decimals}, like ${exampleAmount(currency)}`;
}

/** "25", "25.5", "25.00" -> 2500, 2550, 2500 (USD); "2500" -> 2500 (JPY); "12.345" -> 12345 (KWD). Throws on anything else. */
export function parseAmount(amount: string, currency: string): number {
  if (!amountPattern(currency).test(amount)) throw new Error(`not an amount in ${currency}: ${amount}`);
  const e = minorUnits(currency);
  const [whole, frac = ""] = amount.split(".");
  return Number(whole) * 10 ** e + Number(frac.padEnd(e, "0") || "0");
}

/** 2550 -> "25.50" (USD), "2550" (JPY), "2.550" (KWD): exactly the currency's decimals; negative amounts keep their sign. */
export function formatAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not a whole number of minor units: ${minor}`);
  const e = minorUnits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (e === 0) return `${sign}${abs}`;
  const unit = 10 ** e;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(e, "0")}`;
}

/** Minor units as a plain number of the currency's major unit, for Intl and charts: 2550 -> 25.5 (USD), 2550 (JPY). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** minorUnits(currency);

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
