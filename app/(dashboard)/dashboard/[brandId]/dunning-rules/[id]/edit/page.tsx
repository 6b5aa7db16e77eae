import { FormPage } from "@/components/dashboard/detail";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { dunningRuleParams } from "@/lib/dunning/params";
import { RuleForm } from "../../_components/rule-form";
import { loadInGroup, openRecord, type RecordPageProps } from "../../../_components/load-record";

export const metadata = { title: "Edit dunning rule · Recurring Billing" };

export default async function EditDunningRulePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: r, groupName } = await loadInGroup(ctx, id, listDunningRulesPage);
  const groups = await productGroupChoices(ctx);
  // A rule of a group deleted since: keep showing its group rather than silently picking another.
  if (!groups.some((g) => g.value === r.productGroupId)) groups.unshift({ value: r.productGroupId, label: `${groupName} (deleted)` });
  const base = `${dash}/dunning-rules`;
  return (
    <FormPage list={{ href: base, label: "Dunning rules" }} record={{ href: `${base}/${id}`, label: r.name }} title="Edit dunning rule">
      <RuleForm brandId={brandId} groups={groups} rule={dunningRuleParams(r)} />
    </FormPage>
  );
}
