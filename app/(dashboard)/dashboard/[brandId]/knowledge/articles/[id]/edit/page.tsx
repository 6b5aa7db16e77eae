import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../../_components/load-record";
import { articlePageList, categoryTree } from "@/lib/knowledge/pages";
import { isUuid } from "@/lib/ids";
import { ArticleForm } from "../../../_components/article-form";
import { categoryChoices } from "../../../_components/options";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit article · Recurring Billing" };

export default async function EditArticlePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const [{ rows }, tree] = await Promise.all([articlePageList.page(ctx, { filters: { id } }), categoryTree(ctx)]);
  const a = rows[0];
  if (!a || a.status === STATUS.DELETED) notFound();
  const base = `${dash}/knowledge`;
  return (
    <FormPage list={{ href: base, label: "Knowledge base" }} record={{ href: `${base}/articles/${id}`, label: a.title }} title="Edit article">
      <ArticleForm
        brandId={brandId}
        categories={categoryChoices(tree)}
        article={{
          article_id: id,
          title: a.title,
          category_id: a.category_id,
          visibility: String(a.visibility),
          tags: a.tags,
          summary: a.summary ?? "",
          contents: a.contents,
        }}
      />
    </FormPage>
  );
}
