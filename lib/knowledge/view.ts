import { kbArticles, kbCategories } from "../../db/schema";
import { formatTags } from "./tags";

export type CategoryRow = typeof kbCategories.$inferSelect;
export type ArticleRow = typeof kbArticles.$inferSelect;

export const categoryView = (c: CategoryRow) => ({
  category_id: c.id,
  name: c.name,
  category_type: c.categoryType,
  parent_category_id: c.parentId,
  visibility: c.visibility,
  status: c.status,
  created: c.createdAt,
  updated: c.updatedAt,
  deleted: c.deletedAt,
});

const articleFields = (a: ArticleRow) => ({
  article_id: a.id,
  category_id: a.categoryId,
  title: a.title,
  summary: a.summary,
  contents: a.contents,
  tags: formatTags(a.tags),
  visibility: a.visibility,
});

const lifecycle = (a: ArticleRow) => ({ status: a.status, created: a.createdAt, updated: a.updatedAt, deleted: a.deletedAt });

/** Spec: view_count is returned by Article/List only. */
export const articleView = (a: ArticleRow) => Object.assign(articleFields(a), lifecycle(a));
// Object.assign keeps the wire's key order without a leading spread (slow per row: eslint.config.mjs).
export const listedArticleView = (a: ArticleRow) => Object.assign(articleFields(a), { view_count: a.viewCount }, lifecycle(a));
