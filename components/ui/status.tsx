import { statusLook, statusOptions, type StatusKind } from "@/lib/format";

/** The status ledger and invoice statuses as choices of a list's status filter (words from lib/format.ts). */
export const RECORD_STATUS_OPTIONS = statusOptions("record");
export const INVOICE_STATUS_OPTIONS = statusOptions("invoice");

/** A status as a coloured word (lib/format.ts names them). */
export function StatusBadge({ status, kind = "record" }: { status: number | string; kind?: StatusKind }) {
  const [label, tone] = statusLook(kind, status);
  return <span className={`badge ${tone}`}>{label}</span>;
}
