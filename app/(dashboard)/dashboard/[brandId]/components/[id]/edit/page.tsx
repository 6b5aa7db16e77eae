import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { componentParams } from "@/lib/catalog/params";
import { ComponentForm } from "../../_components/component-form";
import { loadInGroup } from "../../../_components/load-record";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit component · Recurring Billing" };

export default async function EditComponentPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: c, groupName } = await loadInGroup(ctx, id, listComponentsPage);
  if (c.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/components`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Components</Link> / <Link href={`${base}/${id}`}>{c.name}</Link> / Edit
      </p>
      <h1>Edit component</h1>
      <div className="card">
        <ComponentForm brandId={brandId} groups={[{ value: c.productGroupId, label: groupName }]} component={componentParams(c)} />
      </div>
    </>
  );
}
