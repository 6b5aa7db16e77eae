import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { ComponentForm } from "../_components/component-form";

export const metadata = { title: "New component · Recurring Billing" };

export default async function NewComponentPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<{ group?: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const { group } = await searchParams;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/components`}>Components</Link> / New
      </p>
      <h1>New component</h1>
      {groups.length === 0 ? (
        <p className="alert info">
          A component belongs to a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      ) : (
        <div className="card">
          <ComponentForm brandId={brandId} groups={groups} group={groups.some((g) => g.value === group) ? group : undefined} />
        </div>
      )}
    </>
  );
}
