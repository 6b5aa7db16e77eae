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

/** Digits an amount has at most, in minor units: 9999999999.99 dollars, 999999999999 yen, 999999999.999 dinars. */
const MAX_DIGITS = 12;

/**
 * A non-negative decimal with at most `exponent` decimals and MAX_DIGITS digits in all: "2500" (0),
 * "25", "25.5", "25.00" (2), "12.345" (3).
 */
export function decimalPattern(exponent: number): RegExp {
  let p = patterns.get(exponent);
  const whole = `\\d{1,${MAX_DIGITS - exponent}}`;
  if (!p) patterns.set(exponent, (p = new RegExp(exponent === 0 ? `^${whole}$` : `^${whole}(\\.\\d{1,${exponent}})?$`)));
  return p;
}

/** "12.5" with exponent 2 -> 1250; null when it is not a non-negative decimal with at most that many decimals. */
export function parseDecimal(text: string, exponent: number): number | null {
  if (!decimalPattern(exponent).test(text)) return null;
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 10 ** exponent + Number(frac.padEnd(exponent, "0") || "0");
}

/** 1250 with exponent 2 -> "12.50": exactly `exponent` decimals; negative numbers keep their sign. */
export function formatDecimal(units: number, exponent: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not a whole number of minor units: ${units}`);
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(units);
  if (exponent === 0) return `${sign}${abs}`;
  const unit = 10 ** exponent;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exponent, "0")}`;
}

/** What an amount of the currency may look like on the wire. */
export const amountPattern = (currency: string) => decimalPattern(minorUnits(currency));

/** An example amount in the currency, for messages: "2500", "25.00", "12.345". */
export const exampleAmount = (currency: string) => formatDecimal([2500, 2500, 2500, 12345][minorUnits(currency)] ?? 2500, minorUnits(currency));

const COUNTS = ["no", "one", "two", "three", "four"];

/** What an amount parameter of the currency must look like, said as a refusal's tail. */
export function amountRule(currency: string): string {
  const e = minorUnits(currency);
  const decimals = e === 0 ? "no decimals" : `at most ${COUNTS[e] ?? e} decimal${e === 1 ? "" : "s"}`;
  return `must be an amount with ${decimals}, like ${exampleAmount(currency)}`;
}

/**
 * An amount as the API writes it, in minor units: "25", "25.5", "25.00" -> 2500, 2550, 2500 (USD);
 * "2500" -> 2500 (JPY); "12.345" -> 12345 (KWD); "-5.00" -> -500. Throws on anything else.
 * Parameters are never negative: the money() builder checks amountPattern first.
 */
export function parseAmount(amount: string, currency: string): number {
  const negative = amount.startsWith("-");
  const minor = parseDecimal(negative ? amount.slice(1) : amount, minorUnits(currency));
  if (minor === null) throw new Error(`not an amount in ${currency}: ${amount}`);
  return negative ? -minor : minor;
}

/** 2550 -> "25.50" (USD), "2550" (JPY), "2.550" (KWD): exactly the currency's decimals; negative amounts keep their sign. */
export const formatAmount = (minor: number, currency: string) => formatDecimal(minor, minorUnits(currency));

/** Minor units as a number of the currency's major unit, for Intl and charts: 2550 -> 25.5 (USD), 2550 (JPY). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** minorUnits(currency);
