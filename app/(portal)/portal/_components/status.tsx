const INVOICE = { paid: ["ok", "Paid"], unpaid: ["bad", "Unpaid"], partially_paid: ["warn", "Partly paid"] } as const;
const SUBSCRIPTION = { active: ["ok", "Active"], suspended: ["warn", "Suspended"], deleted: ["plain", "Cancelled"] } as const;

export function InvoiceStatus({ status }: { status: keyof typeof INVOICE }) {
  const [tone, label] = INVOICE[status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}

export function SubscriptionStatus({ status }: { status: keyof typeof SUBSCRIPTION }) {
  const [tone, label] = SUBSCRIPTION[status];
  return <span className={`p-badge ${tone}`}>{label}</span>;
}
