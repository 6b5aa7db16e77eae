import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { stringValues } from "@/components/forms/values";
import { ComponentForm } from "../../_components/component-form";
import { loadComponent } from "../../_components/load-component";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit component · Recurring Billing" };

export default async function EditComponentPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { component: c, groupName } = await loadComponent(ctx, id);
  if (c.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/components`;
  const { created: _c, updated: _u, deleted: _d, status: _s, ...fields } = c;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Components</Link> / <Link href={`${base}/${id}`}>{c.name}</Link> / Edit
      </p>
      <h1>Edit component</h1>
      <div className="card">
        <ComponentForm brandId={brandId} groups={[{ value: c.product_group_id, label: groupName }]} component={stringValues(fields)} />
      </div>
    </>
  );
}
