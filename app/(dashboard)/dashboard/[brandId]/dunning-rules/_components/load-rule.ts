import { notFound } from "next/navigation";
import type { Context } from "@/lib/auth/context";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { productGroupNames } from "@/lib/catalog/group-names";
import { isUuid } from "@/lib/ids";

/** The rule by id with its group's name, or the not-found page. */
export async function loadRule(ctx: Context, id: string) {
  if (!isUuid(id)) notFound();
  const rule = (await listDunningRulesPage(ctx, { filters: { id } })).rows[0];
  if (!rule) notFound();
  const groupName = (await productGroupNames(ctx, [rule.product_group_id])).get(rule.product_group_id) ?? "—";
  return { rule, groupName };
}
