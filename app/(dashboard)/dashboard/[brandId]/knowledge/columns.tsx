"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { FilterOption } from "@/components/data-table/data-table";
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

export const ArticlesTable = listTable<ArticleRow, { categories: FilterOption[] }>(({ categories, query }, t) => ({
  label: "Articles",
  columns: [
    t.text("title", "Title", (a) => (
      <>
        <Link href={t.href(`knowledge/articles/${a.article_id}`)}>{a.title}</Link>{" "}
        {a.status === STATUS.DELETED ? <span className="badge bad">Deleted</span> : a.visibility === 2 ? <span className="badge warn">Hidden</span> : null}
      </>
    )),
    t.text("category", "Category", "category_name", { sort: false }),
    t.text("tags", "Tags", (a) => a.tags || "—", { sort: false }),
    t.text("view_count", "Views", "view_count", { numeric: true }),
    t.created("created"),
  ],
  getRowId: (r) => r.article_id,
  searchPlaceholder: "Title or summary",
  filters: [
    { name: "category", label: "Category", options: categories },
    { name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted articles" }] },
  ],
  empty: query.filters.deleted ? <>No deleted articles.</> : <>No articles match.</>,
}));
