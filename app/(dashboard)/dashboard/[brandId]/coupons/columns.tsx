"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { CouponRead } from "@/lib/catalog/read";
import { COUPON_STATUS_OPTIONS, durationText } from "./_components/words";

/** A coupon's read row as the table shows it (lib/catalog/read.ts), its discount in words. */
export interface CouponRow extends Pick<
  CouponRead,
  "id" | "code" | "name" | "duration" | "durationCycles" | "expirationDate" | "redemptionCount" | "maxRedemptions" | "status"
> {
  /** In words, in the brand's currency (discountText). */
  discount: string;
}

export const CouponsTable = listTable<CouponRow>((_, t) => ({
  label: "Coupons",
  columns: [
    t.text("coupon_code", "Code", (c) => (
      <Link href={t.href(`coupons/${c.id}`)}>
        <code>{c.code}</code>
      </Link>
    )),
    t.text("name", "Name", "name"),
    t.text("discount", "Discount", "discount", { numeric: true }),
    t.text("duration", "Applies to", durationText),
    t.text("redemption_count", "Redeemed", (c) => (c.maxRedemptions ? `${c.redemptionCount} of ${c.maxRedemptions}` : c.redemptionCount), { numeric: true }),
    t.date("expiration_date", "Last day", "expirationDate"),
    t.status({ kind: "coupon" }),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Code or name",
  filters: [{ name: "status", label: "Status", options: COUPON_STATUS_OPTIONS }],
  empty: t.empty("No coupons yet.", "coupons/new", "Create the first one"),
}));
