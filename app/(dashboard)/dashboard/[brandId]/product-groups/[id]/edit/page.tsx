import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { GroupForm } from "../../_components/group-form";
import { loadGroup } from "../../_components/load-group";
import { productGroupParams } from "@/lib/catalog/params";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit product group · Recurring Billing" };

export default async function EditProductGroupPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const g = await loadGroup(ctx, id);
  if (g.status === STATUS.DELETED) notFound();
  const base = `${dash}/product-groups`;
  return (
    <FormPage list={{ href: base, label: "Product groups" }} record={{ href: `${base}/${id}`, label: g.name }} title="Edit product group">
      <GroupForm brandId={brandId} group={productGroupParams(g)} />
    </FormPage>
  );
}
