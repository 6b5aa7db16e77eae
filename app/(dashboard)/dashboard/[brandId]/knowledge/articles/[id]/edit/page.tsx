import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { articlePageList, categoryTree } from "@/lib/knowledge/pages";
import { isUuid } from "@/lib/ids";
import { ArticleForm } from "../../../_components/article-form";
import { categoryChoices } from "../../../_components/options";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit article · Recurring Billing" };

export default async function EditArticlePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const [{ rows }, tree] = await Promise.all([articlePageList.page(ctx, { filters: { id } }), categoryTree(ctx)]);
  const a = rows[0];
  if (!a || a.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/knowledge`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Knowledge base</Link> / <Link href={`${base}/articles/${id}`}>{a.title}</Link> / Edit
      </p>
      <h1>Edit article</h1>
      <div className="card">
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
      </div>
    </>
  );
}
