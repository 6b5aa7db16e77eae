import { z } from "zod";
import { flag, id, oneOf, opt, req, multilineText, text } from "../wire/params";
import { sanitizeArticleHtml } from "./sanitize";
import { tagList } from "./tags";

export const NAME_MAX = 255;
export const TITLE_MAX = 255;
export const SUMMARY_MAX = 1000;
export const CONTENTS_MAX = 100_000;

/** Who sees a category or an article (spec: 1 visible, 2 hidden from customers; the API lists both). */
export const VISIBILITY = { VISIBLE: 1, HIDDEN: 2 } as const;
export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY];

const visibility = () => oneOf(["1", "2"]).transform(Number);
const visibilityDoc = "1 visible, 2 hidden (visibility does not change what the API lists)";
const nonEmpty = (max: number) => text(max).min(1, { error: "must not be empty" });

/** HTML or plain text, sanitised on the way in; what is left must not be empty. */
const articleHtml = () =>
  multilineText(CONTENTS_MAX)
    .transform(sanitizeArticleHtml)
    .refine((html) => html.length > 0, { error: "must not be empty once scripts and unsafe HTML are removed" });

// ---- Category ----

export const ListCategoriesParams = z
  .object({
    category_id: opt(id(), "Only this category (also finds a deleted one)", { refersTo: "Category" }),
    category_type: opt(oneOf(["PARENT", "SUB"]), "PARENT lists PRIMARY categories, SUB lists sub categories"),
    parent_category_id: opt(id(), "Only the sub categories of this PRIMARY category", { refersTo: "Category" }),
    name: opt(text(NAME_MAX), "Only categories whose name contains this text (any case)"),
    show_sub_categories: opt(flag(), "Y shows each category's live sub categories, and each one's article_count; requires category_type PARENT"),
  })
  .superRefine((v, c) => {
    if (v.show_sub_categories !== "Y") return;
    if (!v.category_type) {
      c.addIssue({ code: "custom", path: ["category_type"], params: { code: "MISSING_PARAMETER" }, message: "is required when show_sub_categories is Y" });
    } else if (v.category_type !== "PARENT") {
      c.addIssue({ code: "custom", path: ["show_sub_categories"], message: "requires category_type PARENT" });
    }
  });

const categoryFields = {
  name: req(nonEmpty(NAME_MAX), `The category's name, at most ${NAME_MAX} characters`, { example: "Billing" }),
  category_type: req(oneOf(["PRIMARY", "SUB"]), "PRIMARY (top level) or SUB (under a PRIMARY category)", { example: "PRIMARY" }),
  parent_category_id: opt(id(), "The PRIMARY category of this brand a SUB category sits under; required for SUB, must be empty for PRIMARY", {
    refersTo: "Category",
  }),
  visibility: req(visibility(), visibilityDoc, { example: "1", values: ["1", "2"] }),
};

export const CreateCategoryParams = z.object(categoryFields);

export const UpdateCategoryParams = z.object({
  category_id: req(id(), "The category to change", { refersTo: "Category" }),
  ...categoryFields,
});

export const CategoryIdParams = (what: string) => z.object({ category_id: req(id(), what, { refersTo: "Category" }) });

// ---- Article ----

export const ListArticlesParams = z.object({
  article_id: opt(id(), "Only this article (also finds a deleted one); each retrieval by article_id adds one to its view_count", { refersTo: "Article" }),
  category_id: opt(id(), "Only the articles of this category", { refersTo: "Category" }),
  tags: opt(text(200), "Only articles with a tag containing this text (any case)"),
});

const articleFields = {
  category_id: req(id(), "The category the article is filed under", { refersTo: "Category" }),
  title: req(nonEmpty(TITLE_MAX), `At most ${TITLE_MAX} characters`, { example: "How billing works" }),
  summary: opt(multilineText(SUMMARY_MAX), `A short summary, at most ${SUMMARY_MAX} characters`),
  contents: req(articleHtml(), `Plain text or HTML, at most ${CONTENTS_MAX} characters; scripts, styles and event handlers are removed`, {
    example: "<p>Invoices are created two days before renewal.</p>",
  }),
  tags: req(tagList(), "Tags, in any common format: comma-separated, a JSON array of strings, or words (#billing #faq)", {
    example: "billing, invoices",
  }),
  visibility: req(visibility(), visibilityDoc, { example: "1", values: ["1", "2"] }),
};

export const CreateArticleParams = z.object(articleFields);

export const UpdateArticleParams = z.object({
  article_id: req(id(), "The article to change", { refersTo: "Article" }),
  ...articleFields,
});

export const ArticleIdParams = (what: string) => z.object({ article_id: req(id(), what, { refersTo: "Article" }) });

export type ListCategoriesInput = z.output<typeof ListCategoriesParams>;
export type CreateCategoryInput = z.output<typeof CreateCategoryParams>;
export type UpdateCategoryInput = z.output<typeof UpdateCategoryParams>;
export type ListArticlesInput = z.output<typeof ListArticlesParams>;
export type CreateArticleInput = z.output<typeof CreateArticleParams>;
export type UpdateArticleInput = z.output<typeof UpdateArticleParams>;
