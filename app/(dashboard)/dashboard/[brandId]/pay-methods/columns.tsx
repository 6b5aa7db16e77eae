"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices } from "@/components/data-table/filters";
import type { PayMethodRead } from "@/lib/pay-methods/read";
import { payMethodLabel } from "./_components/labels";

/** A pay method's read row as the table shows it (lib/pay-methods/read.ts), with its customer's name and its expiry in words. */
export interface PayMethodRow extends Pick<PayMethodRead, "id" | "customerAccountId" | "type" | "brand" | "lastFour" | "verified" | "isDefault" | "createdAt"> {
  customerName: string;
  expires: string;
}

export const PayMethodsTable = listTable<PayMethodRow>((_, t) => ({
  label: "Pay methods",
  columns: [
    t.link("method", "Pay method", (p) => `pay-methods/${p.id}`, payMethodLabel, { sort: false }),
    t.customer(
      (p) => p.customerAccountId,
      (p) => p.customerName,
    ),
    t.text("expires", "Expires", "expires", { sort: false }),
    t.text("verified", "Verified", (p) => <span className={`badge ${p.verified ? "ok" : "warn"}`}>{p.verified ? "Verified" : "Unverified"}</span>, {
      sort: false,
    }),
    t.text("default", "Default", (p) => (p.isDefault ? "Default" : ""), { sort: false }),
    t.created("createdAt", "Added"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Holder name or last four digits",
  filters: [{ name: "type", label: "Type", options: choices({ CC: "Cards", BA: "Bank accounts" }) }],
  empty: t.empty("No pay methods yet.", "pay-methods/new", "Add one"),
}));
