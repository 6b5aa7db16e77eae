import { DEFAULT_CURRENCY, formatDate, formatMoney } from "@/lib/format";

/** Cents as US dollars with thousands separators ($1,234.56); compact for chart axes ($1.2k). */
export const formatUsd = (cents: number, opts: { compact?: boolean } = {}) => formatMoney(cents, DEFAULT_CURRENCY, undefined, opts);

/** "2026-04" as "Apr 2026". */
export const monthLabel = (month: string) => formatDate(month);

/** "2026-10-27" as "Oct 27, 2026". */
export const dayLabel = (isoDate: string) => formatDate(isoDate);
