"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { formatInstant } from "@/lib/format";
import { STATUS } from "@/lib/lifecycle";

/** The fields of the API's article view this list shows, with its category's name. */
export interface ArticleRow {
  article_id: string;
  title: string;
  category_name: string;
  tags: string;
  visibility: number;
  view_count: number;
  status: number;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<ArticleRow, unknown>[] {
  return [
    {
      id: "title",
      header: "Title",
      cell: ({ row: { original: a } }) => (
        <>
          <Link href={`/dashboard/${brandId}/knowledge/articles/${a.article_id}`}>{a.title}</Link>{" "}
          {a.status === STATUS.DELETED ? <span className="badge bad">Deleted</span> : a.visibility === 2 ? <span className="badge warn">Hidden</span> : null}
        </>
      ),
    },
    { id: "category", header: "Category", enableSorting: false, cell: ({ row }) => row.original.category_name },
    { id: "tags", header: "Tags", enableSorting: false, cell: ({ row }) => row.original.tags || "—" },
    { id: "view_count", header: "Views", meta: { numeric: true }, cell: ({ row }) => row.original.view_count },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export const ArticlesTable = listTable<ArticleRow, { categories: FilterOption[] }>(({ brandId, categories, query }) => ({
  label: "Articles",
  columns: columns(brandId),
  getRowId: (r) => r.article_id,
  searchPlaceholder: "Title or summary",
  filters: [
    { name: "category", label: "Category", options: categories },
    { name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted articles" }] },
  ],
  empty: query.filters.deleted ? <>No deleted articles.</> : <>No articles match.</>,
}));
