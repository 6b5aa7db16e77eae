"use client";

import { listTable } from "@/components/data-table/list-table";
import { RECORD_STATUS_FILTER } from "@/components/data-table/filters";
import type { ProductGroupRead } from "@/lib/catalog/read";

/** A product group's read row as the table shows it (lib/catalog/read.ts): its description cut short, its variables counted. */
export interface GroupRow extends Pick<ProductGroupRead, "id" | "name" | "description" | "status" | "createdAt"> {
  variableCount: number;
}

export const GroupsTable = listTable<GroupRow>((_, t) => ({
  label: "Product groups",
  columns: [
    t.link(
      "name",
      "Name",
      (g) => `product-groups/${g.id}`,
      (g) => g.name,
    ),
    t.text("description", "Description", "description"),
    t.text("variables", "Variables", "variableCount", { numeric: true }),
    t.status(),
    t.created("createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name",
  filters: [RECORD_STATUS_FILTER],
  empty: t.empty("No product groups yet.", "product-groups/new", "Create the first one", ": products and components belong to a group."),
}));
