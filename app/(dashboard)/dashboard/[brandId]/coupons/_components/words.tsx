import { formatWireMoney } from "@/lib/format";

/** A coupon's status, discount and duration in words (the view gives codes). */
const STATUS: Record<string, [string, string]> = {
  active: ["Active", "ok"],
  inactive: ["Inactive", "warn"],
  expired: ["Expired", "info"],
  deleted: ["Deleted", "bad"],
};

export const COUPON_STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "deleted", label: "Deleted" },
];

export function CouponStatusBadge({ status }: { status: string }) {
  const [label, tone] = STATUS[status] ?? [status, "info"];
  return <span className={`badge ${tone}`}>{label}</span>;
}

/** "10% off", or an amount in the brand's currency: "$5.00 off", "¥500 off". */
export const discountText = (c: { discount_type: string; discount_value: string }, currency: string) =>
  c.discount_type === "percent" ? `${c.discount_value.replace(/\.00$/, "")}% off` : `${formatWireMoney(c.discount_value, currency)} off`;

export const durationText = (c: { duration: string; duration_cycles: number | null }) =>
  c.duration === "once" ? "First period" : c.duration === "forever" ? "Every period" : `${c.duration_cycles ?? "?"} periods`;
