import { DateTime } from "luxon";

/**
 * The periods the overview's figures can be read over, as calendar dates in the brand's time zone.
 * Each ends today (inclusive); the key is what the URL holds (`?period=90d`).
 */
export const PERIODS = {
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  month: "This month",
  ytd: "Year to date",
  "12m": "Last 12 months",
} as const;
export type PeriodKey = keyof typeof PERIODS;
export const DEFAULT_PERIOD: PeriodKey = "30d";

export const isPeriodKey = (v: unknown): v is PeriodKey => typeof v === "string" && Object.hasOwn(PERIODS, v);

export interface Period {
  key: PeriodKey;
  label: string;
  /** First and last calendar day (YYYY-MM-DD), both inclusive. */
  from: string;
  to: string;
  /** The same days as instants: [start, end). */
  start: Date;
  end: Date;
  /** Each month the period touches (YYYY-MM), oldest first. */
  months: string[];
}

/** The period `key` ending on the brand's today at `now`. */
export function periodOf(key: PeriodKey, now: Date, timeZone: string): Period {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf("day");
  const first =
    key === "30d"
      ? today.minus({ days: 29 })
      : key === "90d"
        ? today.minus({ days: 89 })
        : key === "month"
          ? today.startOf("month")
          : key === "ytd"
            ? today.startOf("year")
            : today.startOf("month").minus({ months: 11 });
  const months: string[] = [];
  for (let m = first.startOf("month"); m <= today; m = m.plus({ months: 1 })) months.push(m.toFormat("yyyy-MM"));
  return {
    key,
    label: PERIODS[key],
    from: first.toISODate()!,
    to: today.toISODate()!,
    start: first.toJSDate(),
    end: today.plus({ days: 1 }).toJSDate(),
    months,
  };
}
