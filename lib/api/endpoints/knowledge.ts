import { defineEndpoint } from "../endpoint";
import {
  ArticleIdParams,
  CategoryIdParams,
  CreateArticleParams,
  CreateCategoryParams,
  ListArticlesParams,
  ListCategoriesParams,
  UpdateArticleParams,
  UpdateCategoryParams,
} from "../../knowledge/schemas";
import { listArticles } from "../../knowledge/list-articles";
import { listedArticleToWire, listedCategoryToWire } from "../../knowledge/view";
import { createArticle } from "../../knowledge/create-article";
import { updateArticle } from "../../knowledge/update-article";
import { deleteArticle } from "../../knowledge/delete-article";
import { restoreArticle } from "../../knowledge/restore-article";
import { listCategories } from "../../knowledge/list-categories";
import { createCategory } from "../../knowledge/create-category";
import { updateCategory } from "../../knowledge/update-category";
import { deleteCategory } from "../../knowledge/delete-category";
import { restoreCategory } from "../../knowledge/restore-category";
import { RESTORE_WINDOW_DAYS } from "../../lifecycle";

const deletedCategory = "409 INVALID_STATE when category_id is a deleted category";
const parentRefusals = [
  "400 MISSING_PARAMETER when category_type is SUB and no parent_category_id is sent or stored",
  "400 INVALID_PARAMETER when parent_category_id is given for a PRIMARY category, or is not another PRIMARY category",
  "404 NOT_FOUND when parent_category_id is not a category of this brand; 409 INVALID_STATE when it is deleted",
];

/** The knowledge-base library: articles filed under categories (spec, Article and Category). */
export const knowledgeEndpoints = [
  defineEndpoint({
    resource: "Article",
    action: "List",
    method: "GET",
    summary: "Lists the brand's live articles, hidden ones included; by article_id also a deleted one, counting the retrieval in view_count.",
    params: ListArticlesParams,
    returns: "article",
    list: "articles",
    writes: true,
    handler: listArticles,
    wire: listedArticleToWire,
  }),
  defineEndpoint({
    resource: "Article",
    action: "Create",
    method: "POST",
    summary: "Creates an article. Contents may be plain text or HTML; HTML is sanitised (scripts, styles, event handlers and javascript: links removed).",
    params: CreateArticleParams,
    returns: "article",
    refusals: [deletedCategory],
    handler: createArticle,
  }),
  defineEndpoint({
    resource: "Article",
    action: "Update",
    method: "PATCH",
    summary: "Changes an article (sets every required field; summary sent empty is cleared, absent is kept).",
    params: UpdateArticleParams,
    returns: "article",
    refusals: ["409 INVALID_STATE when the article is deleted", deletedCategory],
    handler: updateArticle,
  }),
  defineEndpoint({
    resource: "Article",
    action: "Delete",
    method: "DELETE",
    summary: `Deletes an article; it can be restored within ${RESTORE_WINDOW_DAYS} days.`,
    params: ArticleIdParams("The article to delete"),
    returns: "article",
    refusals: ["409 INVALID_STATE when the article is already deleted"],
    handler: deleteArticle,
  }),
  defineEndpoint({
    resource: "Article",
    action: "Restore",
    method: "PATCH",
    summary: `Restores a deleted article within ${RESTORE_WINDOW_DAYS} days of its deletion.`,
    params: ArticleIdParams("The deleted article to restore"),
    returns: "article",
    refusals: [
      `409 RESTORE_WINDOW_EXPIRED more than ${RESTORE_WINDOW_DAYS} days after the deletion`,
      "409 INVALID_STATE when the article is not deleted, or its category is deleted",
    ],
    handler: restoreArticle,
  }),
  defineEndpoint({
    resource: "Category",
    action: "List",
    method: "GET",
    summary:
      "Lists the brand's live categories (by category_id also a deleted one); show_sub_categories=Y with category_type=PARENT nests each one's sub categories with article counts.",
    params: ListCategoriesParams,
    returns: "category",
    list: "categories",
    handler: listCategories,
    wire: listedCategoryToWire,
  }),
  defineEndpoint({
    resource: "Category",
    action: "Create",
    method: "POST",
    summary: "Creates a PRIMARY category, or a SUB category under a PRIMARY one.",
    params: CreateCategoryParams,
    returns: "category",
    refusals: parentRefusals,
    handler: createCategory,
  }),
  defineEndpoint({
    resource: "Category",
    action: "Update",
    method: "PATCH",
    summary: "Changes a category. parent_category_id absent keeps a SUB category's parent; a PRIMARY category has none.",
    params: UpdateCategoryParams,
    returns: "category",
    refusals: ["409 INVALID_STATE when the category is deleted, or is a PRIMARY category with sub categories being made SUB", ...parentRefusals],
    handler: updateCategory,
  }),
  defineEndpoint({
    resource: "Category",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a category; its articles stay filed under it. Reversible with Category/Restore.",
    params: CategoryIdParams("The category to delete"),
    returns: "category",
    refusals: ["409 INVALID_STATE while sub categories remain, or when the category is already deleted"],
    handler: deleteCategory,
  }),
  defineEndpoint({
    resource: "Category",
    action: "Restore",
    method: "PATCH",
    summary: "Restores a deleted category (no time limit).",
    params: CategoryIdParams("The deleted category to restore"),
    returns: "category",
    refusals: ["409 INVALID_STATE when the category is not deleted, or is a sub category whose parent is deleted"],
    handler: restoreCategory,
  }),
];
