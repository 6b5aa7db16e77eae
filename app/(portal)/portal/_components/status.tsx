import { statusLook, type StatusKind } from "@/lib/format";
import type { TicketRead } from "@/lib/tickets/read";

/** A status in the customer's words (lib/format.ts names them). */
function Badge({ kind, status }: { kind: StatusKind; status: number | string }) {
  const [label, tone] = statusLook(kind, status, "customer");
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

export const InvoiceStatus = ({ status }: { status: number }) => <Badge kind="invoice" status={status} />;
export const SubscriptionStatus = ({ status }: { status: number }) => <Badge kind="record" status={status} />;
/** A ticket's working_status, as the customer reads it: whose turn it is. */
export const TicketStatus = ({ status }: { status: TicketRead["workingStatus"] }) => <Badge kind="ticket" status={status} />;

/** A subscription's plan as the customer reads it, also once its product was deleted. */
export const planName = (s: { productName: string | null }) => s.productName ?? "Plan no longer offered";
