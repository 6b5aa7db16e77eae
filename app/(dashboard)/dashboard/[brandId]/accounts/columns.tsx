"use client";

import { listTable } from "@/components/data-table/list-table";
import { RECORD_STATUS_FILTER } from "@/components/data-table/filters";
import type { AccountRead } from "@/lib/accounts/read";

/** The fields of a customer account's read row this list shows (only these cross to the browser). */
export type AccountRow = Pick<
  AccountRead,
  "id" | "firstName" | "lastName" | "emailAddress" | "companyName" | "prepaidBalanceCents" | "currency" | "status" | "createdAt"
>;

export const AccountsTable = listTable<AccountRow>((_, t) => ({
  exportName: "accounts",
  label: "Customer accounts",
  columns: [
    t.link(
      "last_name",
      "Name",
      (a) => `accounts/${a.id}`,
      (a) => `${a.firstName} ${a.lastName}`,
    ),
    t.text("email_address", "Email", "emailAddress"),
    t.text("company_name", "Company", (a) => a.companyName ?? "—"),
    t.status({ sort: false }),
    t.money("prepaid_balance", "Prepaid balance", "prepaidBalanceCents", { sort: false }),
    t.created("createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name, company or email",
  filters: [RECORD_STATUS_FILTER],
  empty: t.empty("No customer accounts yet.", "accounts/new", "Create the first one"),
}));
