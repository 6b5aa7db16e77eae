import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { componentParams } from "@/lib/catalog/params";
import { ComponentForm } from "../../_components/component-form";
import { loadInGroup, openRecord, type RecordPageProps } from "../../../_components/load-record";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit component · Recurring Billing" };

export default async function EditComponentPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: c, groupName } = await loadInGroup(ctx, id, listComponentsPage);
  if (c.status === STATUS.DELETED) notFound();
  const base = `${dash}/components`;
  return (
    <FormPage list={{ href: base, label: "Components" }} record={{ href: `${base}/${id}`, label: c.name }} title="Edit component">
      <ComponentForm brandId={brandId} groups={[{ value: c.productGroupId, label: groupName }]} component={componentParams(c)} />
    </FormPage>
  );
}
