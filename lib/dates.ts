/** Wire dates are M/D/YYYY; inside they are ISO calendar dates (YYYY-MM-DD) or instants. */
const WIRE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** "11/22/2026" -> "2026-11-22", or null when it is not a real calendar date. */
export function parseWireDate(s: string): string | null {
  const m = WIRE_DATE.exec(s);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-11-22" -> "11/22/2026". */
export function formatWireDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${Number(m)}/${Number(d)}/${y}`;
}

/** Instants on the wire: ISO 8601 UTC without milliseconds. */
export const formatInstant = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
