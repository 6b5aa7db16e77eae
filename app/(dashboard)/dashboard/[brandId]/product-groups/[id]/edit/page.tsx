import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { GroupForm } from "../../_components/group-form";
import { loadGroup } from "../../_components/load-group";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit product group · Recurring Billing" };

export default async function EditProductGroupPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { group: g, variables } = await loadGroup(ctx, id);
  if (g.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/product-groups`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Product groups</Link> / <Link href={`${base}/${id}`}>{g.name}</Link> / Edit
      </p>
      <h1>Edit product group</h1>
      <div className="card">
        <GroupForm
          brandId={brandId}
          group={{ product_group_id: g.product_group_id, base: { name: g.name, description: g.description, action_url: g.action_url ?? "" }, variables }}
        />
      </div>
    </>
  );
}
