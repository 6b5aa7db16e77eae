import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { categoryTree } from "@/lib/knowledge/read";
import { categoryParams } from "@/lib/knowledge/params";
import { isUuid } from "@/lib/ids";
import { CategoryForm } from "../../../_components/category-form";
import { parentChoices } from "../../../_components/options";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit category · Recurring Billing" };

export default async function EditCategoryPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const tree = await categoryTree(ctx);
  const c = tree.flatMap((p) => [p, ...p.children]).find((n) => n.id === id);
  if (!c || c.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/knowledge`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Knowledge base</Link> / {c.name} / Edit
      </p>
      <h1>Edit category</h1>
      <div className="card">
        <CategoryForm brandId={brandId} parents={parentChoices(tree).filter((p) => p.value !== id)} category={categoryParams(c)} />
      </div>
    </>
  );
}
