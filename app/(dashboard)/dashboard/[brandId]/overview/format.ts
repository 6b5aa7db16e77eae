import { formatCents } from "@/lib/money";

/** Cents as US dollars with thousands separators ($1,234.56); compact for chart axes ($1.2k). */
export function formatUsd(cents: number, opts: { compact?: boolean } = {}) {
  if (opts.compact) {
    const d = Math.abs(cents) / 100;
    const short = d >= 1_000_000 ? `${+(d / 1_000_000).toFixed(1)}M` : d >= 1_000 ? `${+(d / 1_000).toFixed(1)}k` : `${Math.round(d)}`;
    return `${cents < 0 ? "-" : ""}$${short}`;
  }
  const [whole, fraction] = formatCents(Math.abs(cents)).split(".");
  return `${cents < 0 ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "2026-04" as "Apr 2026". */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-10-27" as "Oct 27, 2026". */
export const dayLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
