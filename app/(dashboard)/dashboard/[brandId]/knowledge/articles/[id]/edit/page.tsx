import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { loadRecord, openRecord, type RecordPageProps } from "../../../../_components/load-record";
import { listArticlesPage } from "@/lib/knowledge/list-articles";
import { categoryTree } from "@/lib/knowledge/read";
import { articleParams } from "@/lib/knowledge/params";
import { ArticleForm } from "../../../_components/article-form";
import { categoryChoices } from "../../../_components/options";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit article · Recurring Billing" };

export default async function EditArticlePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const [a, tree] = await Promise.all([loadRecord(ctx, id, listArticlesPage), categoryTree(ctx)]);
  if (a.status === STATUS.DELETED) notFound();
  const base = `${dash}/knowledge`;
  return (
    <FormPage list={{ href: base, label: "Knowledge base" }} record={{ href: `${base}/articles/${id}`, label: a.title }} title="Edit article">
      <ArticleForm brandId={brandId} categories={categoryChoices(tree)} article={articleParams(a)} />
    </FormPage>
  );
}
