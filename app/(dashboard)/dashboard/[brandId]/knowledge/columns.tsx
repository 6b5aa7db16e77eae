"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { FilterOption } from "@/components/data-table/data-table";
import type { ArticleRead } from "@/lib/knowledge/read";
import { VISIBILITY } from "@/lib/knowledge/schemas";
import { STATUS } from "@/lib/lifecycle";

/** An article's read row as the table shows it (lib/knowledge/read.ts), with its category's name and its tags in words. */
export interface ArticleRow extends Pick<ArticleRead, "id" | "title" | "visibility" | "viewCount" | "status" | "createdAt"> {
  categoryName: string;
  tags: string;
}

export const ArticlesTable = listTable<ArticleRow, { categories: FilterOption[] }>(({ categories, query }, t) => ({
  label: "Articles",
  columns: [
    t.text("title", "Title", (a) => (
      <>
        <Link href={t.href(`knowledge/articles/${a.id}`)}>{a.title}</Link>{" "}
        {a.status === STATUS.DELETED ? (
          <span className="badge bad">Deleted</span>
        ) : a.visibility === VISIBILITY.HIDDEN ? (
          <span className="badge warn">Hidden</span>
        ) : null}
      </>
    )),
    t.text("category", "Category", "categoryName", { sort: false }),
    t.text("tags", "Tags", (a) => a.tags || "—", { sort: false }),
    t.text("view_count", "Views", "viewCount", { numeric: true }),
    t.created("createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Title or summary",
  filters: [
    { name: "category", label: "Category", options: categories },
    { name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted articles" }] },
  ],
  empty: query.filters.deleted ? <>No deleted articles.</> : <>No articles match.</>,
}));
