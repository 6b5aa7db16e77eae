import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { FormPage } from "@/components/dashboard/detail";
import { categoryTree } from "@/lib/knowledge/read";
import { ArticleForm } from "../../_components/article-form";
import { categoryChoices } from "../../_components/options";

export const metadata = { title: "New article · Recurring Billing" };

export default async function NewArticlePage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ category_id?: string }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const categories = categoryChoices(await categoryTree(ctx));
  const { category_id } = await searchParams;
  const base = `/dashboard/${brandId}/knowledge`;
  return (
    <FormPage list={{ href: base, label: "Knowledge base" }} step="New article" title="New article">
      {categories.length === 0 ? (
        <p>
          Articles are filed under a category, and there is none yet. <Link href={`${base}/categories/new`}>Create a category</Link> first.
        </p>
      ) : (
        <ArticleForm brandId={brandId} categories={categories} categoryId={categories.some((c) => c.value === category_id) ? category_id : undefined} />
      )}
    </FormPage>
  );
}
