/**
 * How the portal shows money and time to a customer: in their account's locale and time zone
 * (Intl). Amounts are USD, the only currency the service bills in today (the gateways charge usd).
 */
export const PORTAL_CURRENCY = "USD";

const safeLocale = (locale: string) => {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en-US";
  } catch {
    return "en-US";
  }
};

export interface Formats {
  locale: string;
  timeZone: string;
  /** 123456 -> "$1,234.56" (en-US), "1 234,56 $US" (fr-CA), ... */
  money(cents: number): string;
  /** A calendar date "2026-11-22" as that day, never shifted by a time zone. */
  date(iso: string | null | undefined): string;
  /** An instant in the customer's time zone, date and time. */
  instant(at: Date | string | null | undefined): string;
  /** An instant's calendar day in the customer's time zone. */
  day(at: Date | string | null | undefined): string;
}

export function formatsFor(locale: string, timeZone: string): Formats {
  const loc = safeLocale(locale);
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat(loc, { timeZone: zone });
  } catch {
    zone = "UTC";
  }
  const money = new Intl.NumberFormat(loc, { style: "currency", currency: PORTAL_CURRENCY });
  const calendar = new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeZone: "UTC" });
  const dayIn = new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeZone: zone });
  const instantIn = new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  return {
    locale: loc,
    timeZone: zone,
    money: (cents) => money.format(cents / 100),
    date: (iso) => (iso ? calendar.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : "—"),
    instant: (at) => (at ? instantIn.format(new Date(at)) : "—"),
    day: (at) => (at ? dayIn.format(new Date(at)) : "—"),
  };
}
