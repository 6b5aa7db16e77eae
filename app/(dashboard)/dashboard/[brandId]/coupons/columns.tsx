"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { COUPON_STATUS_OPTIONS, CouponStatusBadge, durationText } from "./_components/words";

export interface CouponRow {
  coupon_id: string;
  coupon_code: string;
  name: string;
  /** In words, in the brand's currency (discountText). */
  discount: string;
  duration: string;
  duration_cycles: number | null;
  expiration_date: string | null;
  redemption_count: number;
  max_redemptions: number | null;
  status: string;
}

function columns(brandId: string): ColumnDef<CouponRow, unknown>[] {
  return [
    {
      id: "coupon_code",
      header: "Code",
      cell: ({ row: { original: c } }) => (
        <Link href={`/dashboard/${brandId}/coupons/${c.coupon_id}`}>
          <code>{c.coupon_code}</code>
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
      cell: ({ row: { original: c } }) => (c.max_redemptions ? `${c.redemption_count} of ${c.max_redemptions}` : c.redemption_count),
    },
    { id: "expiration_date", header: "Last day", cell: ({ row }) => row.original.expiration_date ?? "—" },
    { id: "status", header: "Status", cell: ({ row }) => <CouponStatusBadge status={row.original.status} /> },
  ];
}

export const CouponsTable = listTable<CouponRow>(({ brandId }) => ({
  label: "Coupons",
  columns: columns(brandId),
  getRowId: (r) => r.coupon_id,
  searchPlaceholder: "Code or name",
  filters: [{ name: "status", label: "Status", options: COUPON_STATUS_OPTIONS }],
  empty: (
    <>
      No coupons yet. <Link href={`/dashboard/${brandId}/coupons/new`}>Create the first one</Link>.
    </>
  ),
}));
