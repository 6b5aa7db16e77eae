/** An instant as the reader's short date and time (the views give ISO strings or Dates). */
export function formatInstant(v: string | Date | null | undefined) {
  if (!v) return "—";
  const d = typeof v === "string" ? new Date(v) : v;
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

export const shortId = (id: string | null | undefined) => (id ? id.slice(-8) : "—");
