import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { stringValues } from "@/components/forms/values";
import { ProductForm } from "../../_components/product-form";
import { loadProduct } from "../../_components/load-product";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit product · Recurring Billing" };

export default async function EditProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { product: p, groupName } = await loadProduct(ctx, id);
  if (p.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/products`;
  const { created: _c, updated: _u, deleted: _d, status: _s, ...fields } = p;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Products</Link> / <Link href={`${base}/${id}`}>{p.name}</Link> / Edit
      </p>
      <h1>Edit product</h1>
      <div className="card">
        <ProductForm brandId={brandId} groups={[{ value: p.product_group_id, label: groupName }]} product={stringValues(fields)} />
      </div>
    </>
  );
}
