/**
 * Whether a coupon applies to a subscription at a moment, and if not why. Pure: the caller brings
 * the coupon, the subscription's product, how many billing cycles the coupon has already been
 * applied on that subscription and whether the subscription already counts as one redemption.
 * Checked in a fixed order so a coupon always gets the same, most fundamental reason.
 */
export type CouponDuration = "once" | "forever" | "cycles";

export interface QualifiableCoupon {
  /** Stored status: only "active" coupons qualify ("inactive" and "deleted" do not). */
  status: string;
  /** Last day (YYYY-MM-DD, in the brand's time zone) on which the coupon qualifies; null never expires. */
  expirationDate: string | null;
  duration: CouponDuration;
  /** For duration "cycles": on how many billing cycles it applies. */
  durationCycles: number | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  /** Empty: any product. */
  productIds: readonly string[];
}

export interface QualificationQuery {
  productId: string;
  now: Date;
  /** Billing cycles of this subscription the coupon has already discounted. */
  cyclesApplied: number;
  /** True when this subscription has already redeemed the coupon (it is not a new redemption). */
  alreadyRedeemedBySubscription: boolean;
  /** IANA zone the expiration date is read in (the brand's); default UTC. */
  timeZone?: string;
}

export type DisqualificationReason = "status" | "expired" | "one_time_used" | "product_restricted" | "max_redemptions";
export type Qualification = { qualifies: true } | { qualifies: false; reason: DisqualificationReason };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDate(now: Date, timeZone = "UTC"): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f.format(now);
}

/** Expired once the brand's calendar has passed the expiration date (the date itself still counts). */
export const isCouponExpired = (coupon: Pick<QualifiableCoupon, "expirationDate">, now: Date, timeZone?: string) =>
  coupon.expirationDate !== null && calendarDate(now, timeZone) > coupon.expirationDate;

/** Cycles a coupon of this duration discounts in all (Infinity for "forever"). */
export function cyclesAllowed(coupon: Pick<QualifiableCoupon, "duration" | "durationCycles">): number {
  if (coupon.duration === "once") return 1;
  if (coupon.duration === "cycles") return coupon.durationCycles ?? 0;
  return Infinity;
}

const no = (reason: DisqualificationReason): Qualification => ({ qualifies: false, reason });

export function qualifyCoupon(coupon: QualifiableCoupon, q: QualificationQuery): Qualification {
  if (coupon.status !== "active") return no("status");
  if (isCouponExpired(coupon, q.now, q.timeZone)) return no("expired");
  if (coupon.productIds.length > 0 && !coupon.productIds.includes(q.productId)) return no("product_restricted");
  // A used-up "once" or "cycles" coupon: one_time_used covers both (the spec's list has no other reason).
  if (q.cyclesApplied >= cyclesAllowed(coupon)) return no("one_time_used");
  if (!q.alreadyRedeemedBySubscription && coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions) {
    return no("max_redemptions");
  }
  return { qualifies: true };
}
