import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { dunningRuleParams } from "@/lib/dunning/params";
import { RuleForm } from "../../_components/rule-form";
import { loadInGroup } from "../../../_components/load-record";

export const metadata = { title: "Edit dunning rule · Recurring Billing" };

export default async function EditDunningRulePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: r, groupName } = await loadInGroup(ctx, id, listDunningRulesPage);
  const groups = await productGroupChoices(ctx);
  // A rule of a group deleted since: keep showing its group rather than silently picking another.
  if (!groups.some((g) => g.value === r.productGroupId)) groups.unshift({ value: r.productGroupId, label: `${groupName} (deleted)` });
  const base = `/dashboard/${brandId}/dunning-rules`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Dunning rules</Link> / <Link href={`${base}/${id}`}>{r.name}</Link> / Edit
      </p>
      <h1>Edit dunning rule</h1>
      <div className="card">
        <RuleForm brandId={brandId} groups={groups} rule={dunningRuleParams(r)} />
      </div>
    </>
  );
}
