"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices } from "@/components/data-table/filters";
import { payMethodLabel } from "./_components/labels";

export interface PayMethodRow {
  pay_method_id: string;
  customer_account_id: string;
  customer_name: string;
  pay_method_type: string;
  brand: string | null;
  last_four: string;
  expires: string;
  verified: string;
  is_default: string;
  created: Date | string;
}

export const PayMethodsTable = listTable<PayMethodRow>((_, t) => ({
  label: "Pay methods",
  columns: [
    t.link("method", "Pay method", (p) => `pay-methods/${p.pay_method_id}`, payMethodLabel, { sort: false }),
    t.customer(
      (p) => p.customer_account_id,
      (p) => p.customer_name,
    ),
    t.text("expires", "Expires", "expires", { sort: false }),
    t.text(
      "verified",
      "Verified",
      (p) => <span className={`badge ${p.verified === "Y" ? "ok" : "warn"}`}>{p.verified === "Y" ? "Verified" : "Unverified"}</span>,
      { sort: false },
    ),
    t.text("default", "Default", (p) => (p.is_default === "Y" ? "Default" : ""), { sort: false }),
    t.created("created", "Added"),
  ],
  getRowId: (r) => r.pay_method_id,
  searchPlaceholder: "Holder name or last four digits",
  filters: [{ name: "type", label: "Type", options: choices({ CC: "Cards", BA: "Bank accounts" }) }],
  empty: t.empty("No pay methods yet.", "pay-methods/new", "Add one"),
}));
