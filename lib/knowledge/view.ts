import { formatTags } from "./tags";
import {
  readArticle,
  readCategory,
  type ArticleRead,
  type ArticleRow,
  type CategoryRead,
  type CategoryRow,
  type CategoryWithSubsRead,
  type CountedCategoryRead,
} from "./read";

/**
 * The wire: categories and articles as the API answers them, from their read rows. Only lib/api
 * calls it (and the write verbs through categoryView and articleView). Object.assign keeps the
 * wire's key order without a leading spread (slow per row: eslint.config.mjs).
 */
export const categoryToWire = (c: CategoryRead) => ({
  category_id: c.id,
  name: c.name,
  category_type: c.type,
  parent_category_id: c.parentId,
  visibility: c.visibility,
  status: c.status,
  created: c.createdAt,
  updated: c.updatedAt,
  deleted: c.deletedAt,
});

const countedToWire = (c: CountedCategoryRead) => Object.assign(categoryToWire(c), { article_count: c.articleCount });

/** Category/List's items: with show_sub_categories=Y each carries its article_count and sub_categories. */
export const listedCategoryToWire = (c: CategoryRead | CategoryWithSubsRead) =>
  "subCategories" in c ? Object.assign(countedToWire(c), { sub_categories: c.subCategories.map(countedToWire) }) : categoryToWire(c);

const articleFields = (a: ArticleRead) => ({
  article_id: a.id,
  category_id: a.categoryId,
  title: a.title,
  summary: a.summary,
  contents: a.contents,
  tags: formatTags(a.tags),
  visibility: a.visibility,
});

const lifecycle = (a: ArticleRead) => ({ status: a.status, created: a.createdAt, updated: a.updatedAt, deleted: a.deletedAt });

/** Spec: view_count is returned by Article/List only. */
export const articleToWire = (a: ArticleRead) => Object.assign(articleFields(a), lifecycle(a));
export const listedArticleToWire = (a: ArticleRead) => Object.assign(articleFields(a), { view_count: a.viewCount }, lifecycle(a));

/** What the write verbs answer: the wire of the record as it now stands. */
export const categoryView = (c: CategoryRow) => categoryToWire(readCategory(c));
export const articleView = (a: ArticleRow) => articleToWire(readArticle(a));
