import { StatusBadge } from "@/components/ui/status";
import type { CouponRead } from "@/lib/catalog/read";
import { formatMoney, formatPercent, statusOptions } from "@/lib/format";

/** A coupon's status filter: the stored statuses (expired is derived from the last day, not stored). */
export const COUPON_STATUS_OPTIONS = statusOptions("coupon").filter((o) => o.value !== "expired");

export const CouponStatusBadge = ({ status }: { status: CouponRead["status"] }) => <StatusBadge kind="coupon" status={status} />;

/** "10% off", or an amount in the brand's currency: "$5.00 off", "¥500 off". */
export const discountText = (c: Pick<CouponRead, "discount" | "currency">) =>
  `${c.discount.type === "percent" ? formatPercent(c.discount.hundredths) : formatMoney(c.discount.cents, c.currency)} off`;

export const durationText = (c: Pick<CouponRead, "duration" | "durationCycles">) =>
  c.duration === "once" ? "First period" : c.duration === "forever" ? "Every period" : `${c.durationCycles ?? "?"} periods`;
