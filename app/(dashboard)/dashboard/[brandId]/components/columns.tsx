"use client";

import { listTable } from "@/components/data-table/list-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_FILTER } from "@/components/data-table/filters";
import type { ComponentRead } from "@/lib/catalog/read";
import { COMPONENT_TYPE_OPTIONS, componentTypeLabel } from "./_components/types";

/** A component's read row as the table shows it (lib/catalog/read.ts), its price formatted and its group named. */
export interface ComponentRow extends Pick<ComponentRead, "id" | "name" | "type" | "productGroupId" | "status"> {
  groupName: string;
  price: string;
}

export const ComponentsTable = listTable<ComponentRow, { groups: FilterOption[] }>(({ groups }, t) => ({
  label: "Components",
  columns: [
    t.link(
      "name",
      "Name",
      (c) => `components/${c.id}`,
      (c) => c.name,
    ),
    t.text("component_type", "Type", (c) => componentTypeLabel(c.type)),
    t.group(
      (c) => c.productGroupId,
      (c) => c.groupName,
    ),
    t.text("unit_price", "Unit price", "price", { numeric: true }),
    t.status(),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name",
  filters: [
    { name: "group", label: "Group", options: groups },
    { name: "type", label: "Type", options: COMPONENT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: componentTypeLabel(o.value) })) },
    RECORD_STATUS_FILTER,
  ],
  empty: t.empty("No components yet.", "components/new", "Create the first one", ": add-ons a subscription of the group's products can have."),
}));
