"use client";

import { listTable } from "@/components/data-table/list-table";
import { RECORD_STATUS_FILTER } from "@/components/data-table/filters";

export interface GroupRow {
  product_group_id: string;
  name: string;
  description: string;
  variables: number;
  status: number;
  created: Date | string;
}

export const GroupsTable = listTable<GroupRow>((_, t) => ({
  label: "Product groups",
  columns: [
    t.link(
      "name",
      "Name",
      (g) => `product-groups/${g.product_group_id}`,
      (g) => g.name,
    ),
    t.text("description", "Description", "description"),
    t.text("variables", "Variables", "variables", { numeric: true }),
    t.status(),
    t.created("created"),
  ],
  getRowId: (r) => r.product_group_id,
  searchPlaceholder: "Name",
  filters: [RECORD_STATUS_FILTER],
  empty: t.empty("No product groups yet.", "product-groups/new", "Create the first one", ": products and components belong to a group."),
}));
