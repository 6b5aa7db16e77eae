"use client";

import { listTable } from "@/components/data-table/list-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_FILTER } from "@/components/data-table/filters";
import { formatPeriod } from "@/lib/format";
import type { ProductRead } from "@/lib/catalog/read";

/** A product's read row as the table shows it (lib/catalog/read.ts), its price formatted and its group named. */
export interface ProductRow extends Pick<ProductRead, "id" | "name" | "productGroupId" | "expirationInterval" | "intervalUnit" | "trial" | "status"> {
  groupName: string;
  price: string;
}

export const ProductsTable = listTable<ProductRow, { groups: FilterOption[] }>(({ groups }, t) => ({
  label: "Products",
  columns: [
    t.link(
      "name",
      "Name",
      (p) => `products/${p.id}`,
      (p) => p.name,
    ),
    t.group(
      (p) => p.productGroupId,
      (p) => p.groupName,
    ),
    t.text("recurring_price", "Price", "price", { numeric: true }),
    t.text("expiration_interval", "Period", (p) => formatPeriod(p.intervalUnit, p.expirationInterval), { numeric: true }),
    t.yesNo("trial", "Trial", "trial"),
    t.status(),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name",
  filters: [{ name: "group", label: "Group", options: groups }, RECORD_STATUS_FILTER],
  empty: t.empty("No products yet.", "products/new", "Create the first one"),
}));
