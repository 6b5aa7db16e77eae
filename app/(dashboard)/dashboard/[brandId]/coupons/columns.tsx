"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { CouponRead } from "@/lib/catalog/read";
import { formatDate } from "@/lib/format";
import { COUPON_STATUS_OPTIONS, CouponStatusBadge, durationText } from "./_components/words";

/** A coupon's read row as the table shows it (lib/catalog/read.ts), its discount in words. */
export interface CouponRow extends Pick<
  CouponRead,
  "id" | "code" | "name" | "duration" | "durationCycles" | "expirationDate" | "redemptionCount" | "maxRedemptions" | "status"
> {
  /** In words, in the brand's currency (discountText). */
  discount: string;
}

function columns(brandId: string): ColumnDef<CouponRow, unknown>[] {
  return [
    {
      id: "coupon_code",
      header: "Code",
      cell: ({ row: { original: c } }) => (
        <Link href={`/dashboard/${brandId}/coupons/${c.id}`}>
          <code>{c.code}</code>
        </Link>
      ),
    },
    { id: "name", header: "Name", cell: ({ row }) => row.original.name },
    { id: "discount", header: "Discount", meta: { numeric: true }, cell: ({ row }) => row.original.discount },
    { id: "duration", header: "Applies to", cell: ({ row }) => durationText(row.original) },
    {
      id: "redemption_count",
      header: "Redeemed",
      meta: { numeric: true },
      cell: ({ row: { original: c } }) => (c.maxRedemptions ? `${c.redemptionCount} of ${c.maxRedemptions}` : c.redemptionCount),
    },
    { id: "expiration_date", header: "Last day", cell: ({ row }) => formatDate(row.original.expirationDate) },
    { id: "status", header: "Status", cell: ({ row }) => <CouponStatusBadge status={row.original.status} /> },
  ];
}

export const CouponsTable = listTable<CouponRow>(({ brandId }) => ({
  label: "Coupons",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  searchPlaceholder: "Code or name",
  filters: [{ name: "status", label: "Status", options: COUPON_STATUS_OPTIONS }],
  empty: (
    <>
      No coupons yet. <Link href={`/dashboard/${brandId}/coupons/new`}>Create the first one</Link>.
    </>
  ),
}));
