/** The status ledger (lib/lifecycle.ts) and invoice statuses as words, with a colour for each. */
const RECORD_STATUS: Record<string, [string, string]> = { "1": ["Active", "ok"], "2": ["Suspended", "warn"], "3": ["Deleted", "bad"] };
const INVOICE_STATUS: Record<string, [string, string]> = {
  "0": ["Unpaid", "warn"],
  "1": ["Paid", "ok"],
  "2": ["Partly paid", "info"],
  "3": ["Deleted", "bad"],
};

export const RECORD_STATUS_OPTIONS = Object.entries(RECORD_STATUS).map(([value, [label]]) => ({ value, label }));
export const INVOICE_STATUS_OPTIONS = Object.entries(INVOICE_STATUS).map(([value, [label]]) => ({ value, label }));

export function StatusBadge({ status, kind = "record" }: { status: number | string; kind?: "record" | "invoice" }) {
  const [label, tone] = (kind === "invoice" ? INVOICE_STATUS : RECORD_STATUS)[String(status)] ?? [String(status), "info"];
  return <span className={`badge ${tone}`}>{label}</span>;
}
