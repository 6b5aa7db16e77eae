"use client";

import { listTable } from "@/components/data-table/list-table";
import type { FilterOption } from "@/components/data-table/data-table";
import type { DunningRuleRead } from "@/lib/dunning/read";
import { ENFORCEMENT_OPTIONS, enforcementLabel } from "./_components/enforcement";

/** A dunning rule's read row as the table shows it (lib/dunning/read.ts), its amount formatted and its group named. */
export interface RuleRow extends Pick<DunningRuleRead, "id" | "name" | "productGroupId" | "overdueDays" | "action"> {
  groupName: string;
  overdueAmount: string;
}

export const RulesTable = listTable<RuleRow, { groups: FilterOption[] }>(({ groups }, t) => ({
  label: "Dunning rules",
  columns: [
    t.link(
      "name",
      "Name",
      (r) => `dunning-rules/${r.id}`,
      (r) => r.name,
    ),
    t.group(
      (r) => r.productGroupId,
      (r) => r.groupName,
    ),
    t.text("overdue_days", "Days overdue", "overdueDays", { numeric: true }),
    t.text("overdue_amount", "Amount at least", "overdueAmount", { numeric: true }),
    t.text("enforcement_action", "Action", (r) => enforcementLabel(r.action)),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name",
  filters: [
    { name: "group", label: "Group", options: groups },
    { name: "action", label: "Action", options: ENFORCEMENT_OPTIONS },
  ],
  empty: t.empty("No dunning rules yet.", "dunning-rules/new", "Create the first one", " to remind, suspend or cancel when invoices stay unpaid."),
}));
