"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { CreateArticleParams, SUMMARY_MAX, TITLE_MAX, UpdateArticleParams } from "@/lib/knowledge/schemas";
import { createArticle, updateArticle } from "../actions";
import { VISIBILITY_OPTIONS } from "./options";

/** Article/Create or Update (Update takes every field, so all are sent); the HTML is sanitised on the server. */
export function ArticleForm({
  brandId,
  categories,
  categoryId,
  article,
}: {
  brandId: string;
  categories: { value: string; label: string }[];
  categoryId?: string;
  article?: Record<string, string> & { article_id: string };
}) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/knowledge`;
  const fields: Field[] = [
    { name: "title", label: "Title", required: true, wide: true, hint: `At most ${TITLE_MAX} characters` },
    { name: "category_id", label: "Category", required: true, options: [{ value: "", label: "Choose a category…" }, ...categories] },
    { name: "visibility", label: "Visibility", required: true, options: VISIBILITY_OPTIONS, hint: "Hidden articles are kept from customers" },
    { name: "tags", label: "Tags", required: true, wide: true, hint: "Comma-separated, like billing, invoices" },
    { name: "summary", label: "Summary", kind: "textarea", rows: 2, hint: `Optional, at most ${SUMMARY_MAX} characters` },
    {
      name: "contents",
      label: "Contents",
      required: true,
      kind: "textarea",
      rows: 14,
      code: true,
      hint: "Plain text or HTML; scripts, styles and event handlers are removed when saved",
    },
  ];
  return (
    <Form
      schema={article ? UpdateArticleParams : CreateArticleParams}
      fields={fields}
      editing={Boolean(article)}
      defaults={article ?? { category_id: categoryId ?? "", visibility: "1" }}
      fixed={article ? { article_id: article.article_id } : {}}
      always={fields.map((f) => f.name)}
      submit={(input) => (article ? updateArticle(brandId, input) : createArticle(brandId, input))}
      onDone={(data) => {
        router.push(`${base}/articles/${(data as { article_id: string }).article_id}`);
        router.refresh();
      }}
      submitLabel={article ? "Save changes" : "Create article"}
      cancelHref={article ? `${base}/articles/${article.article_id}` : base}
    />
  );
}
