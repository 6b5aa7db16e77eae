import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { RuleForm } from "../_components/rule-form";

export const metadata = { title: "New dunning rule · Recurring Billing" };

export default async function NewDunningRulePage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ group?: string }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const { group } = await searchParams;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/dunning-rules`}>Dunning rules</Link> / New
      </p>
      <h1>New dunning rule</h1>
      {groups.length === 0 ? (
        <p className="alert info">
          A dunning rule watches a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      ) : (
        <div className="card">
          <RuleForm brandId={brandId} groups={groups} group={groups.some((g) => g.value === group) ? group : undefined} />
        </div>
      )}
    </>
  );
}
