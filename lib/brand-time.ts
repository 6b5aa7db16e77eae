import type { Context } from "./auth/context";

/** Today's calendar date (YYYY-MM-DD) where the brand is: "overdue" and payment dates follow the brand's clock. */
export function brandToday(ctx: Context): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: ctx.brand.timezoneId, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    ctx.now(),
  );
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
