import { formatDate } from "@/lib/format";

/** "2026-04" as "Apr 2026". */
export const monthLabel = (month: string) => formatDate(month);

/** "2026-10-27" as "Oct 27, 2026". */
export const dayLabel = (isoDate: string) => formatDate(isoDate);
