import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { categoryTree } from "@/lib/knowledge/read";
import { CategoryForm } from "../../_components/category-form";
import { parentChoices } from "../../_components/options";

export const metadata = { title: "New category · Recurring Billing" };

export default async function NewCategoryPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/knowledge`}>Knowledge base</Link> / New category
      </p>
      <h1>New category</h1>
      <div className="card">
        <CategoryForm brandId={brandId} parents={parentChoices(await categoryTree(ctx))} />
      </div>
    </>
  );
}
