import type { PortalTicketStatus } from "@/lib/portal/support-queries";

const INVOICE = { paid: ["ok", "Paid"], unpaid: ["bad", "Unpaid"], partially_paid: ["warn", "Partly paid"] } as const;
const SUBSCRIPTION = { active: ["ok", "Active"], suspended: ["warn", "Suspended"], deleted: ["plain", "Cancelled"] } as const;
/** A ticket's working_status, as the customer reads it: whose turn it is. */
const TICKET: Record<PortalTicketStatus, readonly [string, string]> = {
  OPEN: ["warn", "Waiting for support"],
  WORKING: ["warn", "In progress"],
  "ON HOLD": ["plain", "On hold"],
  ANSWERED: ["ok", "Answered"],
  CLOSED: ["plain", "Closed"],
};

export function InvoiceStatus({ status }: { status: keyof typeof INVOICE }) {
  const [tone, label] = INVOICE[status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

export function SubscriptionStatus({ status }: { status: keyof typeof SUBSCRIPTION }) {
  const [tone, label] = SUBSCRIPTION[status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

export function TicketStatus({ status }: { status: PortalTicketStatus }) {
  const [tone, label] = TICKET[status] ?? ["plain", status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}
