import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { listProductsPage } from "@/lib/catalog/list-products";
import { productParams } from "@/lib/catalog/params";
import { ProductForm } from "../../_components/product-form";
import { loadInGroup, openRecord, type RecordPageProps } from "../../../_components/load-record";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit product · Recurring Billing" };

export default async function EditProductPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: p, groupName } = await loadInGroup(ctx, id, listProductsPage);
  if (p.status === STATUS.DELETED) notFound();
  const base = `${dash}/products`;
  return (
    <FormPage list={{ href: base, label: "Products" }} record={{ href: `${base}/${id}`, label: p.name }} title="Edit product">
      <ProductForm brandId={brandId} groups={[{ value: p.productGroupId, label: groupName }]} product={productParams(p)} />
    </FormPage>
  );
}
