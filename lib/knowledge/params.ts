import { formatTags } from "./tags";
import type { ArticleRead, CategoryRead } from "./read";

/** An article as Article/Update's parameters would leave it as it is: the edit form's starting values. */
export const articleParams = (a: ArticleRead) => ({
  article_id: a.id,
  title: a.title,
  category_id: a.categoryId,
  visibility: String(a.visibility),
  tags: formatTags(a.tags),
  summary: a.summary ?? "",
  contents: a.contents,
});

/** A category as Category/Update's parameters would leave it as it is: the edit form's starting values ("" for no parent). */
export const categoryParams = (c: CategoryRead) => ({
  category_id: c.id,
  name: c.name,
  category_type: c.type,
  parent_category_id: c.parentId ?? "",
  visibility: String(c.visibility),
});
