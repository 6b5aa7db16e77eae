import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { stringValues } from "@/components/forms/values";
import { RuleForm } from "../../_components/rule-form";
import { loadRule } from "../../_components/load-rule";

export const metadata = { title: "Edit dunning rule · Recurring Billing" };

export default async function EditDunningRulePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { rule: r, groupName } = await loadRule(ctx, id);
  const groups = await productGroupChoices(ctx);
  // A rule of a group deleted since: keep showing its group rather than silently picking another.
  if (!groups.some((g) => g.value === r.product_group_id)) groups.unshift({ value: r.product_group_id, label: `${groupName} (deleted)` });
  const base = `/dashboard/${brandId}/dunning-rules`;
  const { created: _c, updated: _u, ...fields } = r;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Dunning rules</Link> / <Link href={`${base}/${id}`}>{r.name}</Link> / Edit
      </p>
      <h1>Edit dunning rule</h1>
      <div className="card">
        <RuleForm brandId={brandId} groups={groups} rule={stringValues(fields)} />
      </div>
    </>
  );
}
