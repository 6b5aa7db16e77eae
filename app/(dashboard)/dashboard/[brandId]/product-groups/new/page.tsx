import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { GroupForm } from "../_components/group-form";

export const metadata = { title: "New product group · Recurring Billing" };

export default async function NewProductGroupPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/product-groups`}>Product groups</Link> / New
      </p>
      <h1>New product group</h1>
      <p className="muted">A group holds products and the components that can be added to them, and the custom variables its subscriptions carry.</p>
      <div className="card">
        <GroupForm brandId={brandId} />
      </div>
    </>
  );
}
