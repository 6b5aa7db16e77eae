"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices, RECORD_STATUS_FILTER } from "@/components/data-table/filters";
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
    t.status(),
    t.date("start_date", "Started", "startDate"),
    t.date("renewal_date", "Renews", "renewalDate"),
    t.money("next", "Next charge", "nextRenewalCents", { sort: false }),
    t.yesNo("auto_pay", "Auto pay", "autoPay", { sort: false }),
    t.created("createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Customer name or email, product",
  filters: [
    RECORD_STATUS_FILTER,
    { name: "trial", label: "Trial", more: true, options: choices({ Y: "In a trial", N: "Not in a trial" }) },
    { name: "returning", label: "Customer", more: true, options: choices({ N: "New", Y: "Returning (had cancelled)" }) },
  ],
  dateRanges: [
    { name: "created", label: "Created", more: true },
    { name: "ended", label: "Ended", more: true },
    { name: "renews", label: "Renews", more: true },
  ],
  empty: t.empty("No subscriptions yet.", "subscriptions/new", "Create the first one"),
}));
