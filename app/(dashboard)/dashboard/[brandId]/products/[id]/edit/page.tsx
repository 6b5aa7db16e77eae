import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listProductsPage } from "@/lib/catalog/list-products";
import { productParams } from "@/lib/catalog/params";
import { ProductForm } from "../../_components/product-form";
import { loadInGroup } from "../../../_components/load-record";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit product · Recurring Billing" };

export default async function EditProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: p, groupName } = await loadInGroup(ctx, id, listProductsPage);
  if (p.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/products`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Products</Link> / <Link href={`${base}/${id}`}>{p.name}</Link> / Edit
      </p>
      <h1>Edit product</h1>
      <div className="card">
        <ProductForm brandId={brandId} groups={[{ value: p.productGroupId, label: groupName }]} product={productParams(p)} />
      </div>
    </>
  );
}
