import { z } from "zod";
import { dunningRules as t } from "../../db/schema";
import { defineList, equalsFilter, idFilter } from "../lists";
import type { Context } from "../auth/context";
import type { ListDunningRulesInput } from "./schemas";
import { readDunningRule } from "./read";

/** The spec sets no limit; we answer at most this many like other lists, and `total` says how many matched. */
export const MAX_DUNNING_RULES_LISTED = 300;

/** Dunning rules; `q` searches the name. */
export const dunningRuleList = defineList({
  table: t,
  filters: {
    id: idFilter(t.id),
    productGroupId: idFilter(t.productGroupId),
    enforcementAction: equalsFilter(t.enforcementAction, z.enum(["SUSPEND", "DELETE", "REMIND", "POST"])),
  },
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name, overdue_days: t.overdueDays, overdue_amount: t.overdueAmountCents },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (ctx, rows) => rows.map((r) => readDunningRule(r, ctx.brand.currency)),
});
export const listDunningRulesPage = dunningRuleList.page;

export async function listDunningRules({ ctx, input }: { ctx: Context; input: ListDunningRulesInput }) {
  const { rows, total } = await dunningRuleList.window(ctx, { filters: { productGroupId: input.product_group_id }, limit: MAX_DUNNING_RULES_LISTED });
  return { items: rows, total };
}
