import type { PortalTicketStatus } from "@/lib/portal/support-queries";
import { statusLook, type StatusKind } from "@/lib/format";
/** A ticket's working_status, as the customer reads it: whose turn it is. */
const TICKET: Record<PortalTicketStatus, readonly [string, string]> = {
  OPEN: ["warn", "Waiting for support"],
  WORKING: ["warn", "In progress"],
  "ON HOLD": ["plain", "On hold"],
  ANSWERED: ["ok", "Answered"],
  CLOSED: ["plain", "Closed"],
};

/** A status in the customer's words (lib/format.ts names them). */
function Badge({ kind, status }: { kind: StatusKind; status: number }) {
  const [label, tone] = statusLook(kind, status, "customer");
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

export const InvoiceStatus = ({ status }: { status: number }) => <Badge kind="invoice" status={status} />;
export const SubscriptionStatus = ({ status }: { status: number }) => <Badge kind="record" status={status} />;

export function TicketStatus({ status }: { status: PortalTicketStatus }) {
  const [tone, label] = TICKET[status] ?? ["plain", status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

/** A subscription's plan as the customer reads it, also once its product was deleted. */
export const planName = (s: { productName: string | null }) => s.productName ?? "Plan no longer offered";
