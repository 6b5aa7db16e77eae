"use client";

import { listTable } from "@/components/data-table/list-table";
import { RECORD_STATUS_OPTIONS } from "@/components/ui/status";
import type { SubscriptionRead } from "@/lib/subscriptions/read";

export type SubscriptionRow = Pick<
  SubscriptionRead,
  "id" | "customerAccountId" | "productName" | "status" | "startDate" | "renewalDate" | "nextRenewalCents" | "currency" | "autoPay" | "createdAt"
> & { customerName: string };

export const SubscriptionsTable = listTable<SubscriptionRow>((_, t) => ({
  exportName: "subscriptions",
  label: "Subscriptions",
  columns: [
    t.link(
      "product",
      "Subscription",
      (s) => `subscriptions/${s.id}`,
      (s) => s.productName ?? "(product deleted)",
      { sort: false, wrap: true },
    ),
    t.customer(
      (s) => s.customerAccountId,
      (s) => s.customerName,
      { wrap: true },
    ),
    t.status("status", "Status", "status"),
    t.date("start_date", "Started", "startDate"),
    t.date("renewal_date", "Renews", "renewalDate"),
    t.money("next", "Next charge", "nextRenewalCents", { sort: false }),
    t.yesNo("auto_pay", "Auto pay", "autoPay", { sort: false }),
    t.instant("created_at", "Created", "createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Customer name or email, product",
  filters: [
    { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS },
    {
      name: "trial",
      label: "Trial",
      more: true,
      options: [
        { value: "Y", label: "In a trial" },
        { value: "N", label: "Not in a trial" },
      ],
    },
    {
      name: "returning",
      label: "Customer",
      more: true,
      options: [
        { value: "N", label: "New" },
        { value: "Y", label: "Returning (had cancelled)" },
      ],
    },
  ],
  dateRanges: [
    { name: "created", label: "Created", more: true },
    { name: "ended", label: "Ended", more: true },
    { name: "renews", label: "Renews", more: true },
  ],
  empty: t.empty("No subscriptions yet.", "subscriptions/new", "Create the first one"),
}));
