import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { ProductForm } from "../_components/product-form";

export const metadata = { title: "New product · Recurring Billing" };

export default async function NewProductPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<{ group?: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const { group } = await searchParams;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/products`}>Products</Link> / New
      </p>
      <h1>New product</h1>
      {groups.length === 0 ? (
        <p className="alert info">
          A product belongs to a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      ) : (
        <div className="card">
          <ProductForm brandId={brandId} groups={groups} group={groups.some((g) => g.value === group) ? group : undefined} />
        </div>
      )}
    </>
  );
}
