const STATUS = { active: ["Active", "ok"], invited: ["Invited", "info"], disabled: ["Disabled", "bad"] } as const;

export function StaffStatusBadge({ status }: { status: keyof typeof STATUS }) {
  const [label, tone] = STATUS[status];
  return <span className={`badge ${tone}`}>{label}</span>;
}
