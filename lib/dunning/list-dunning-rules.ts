import { selectRows } from "../../db/client";
import { count } from "drizzle-orm";
import { dunningRules } from "../../db/schema";
import { inBrand, filters, impossibleIds, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";

import type { ListDunningRulesInput } from "./schemas";
import { dunningRuleView } from "./view";

/** The spec sets no limit; we answer at most this many like other lists, and `total` says how many matched. */
export const MAX_DUNNING_RULES_LISTED = 300;

export async function listDunningRules({ ctx, input }: { ctx: Context; input: ListDunningRulesInput }) {
  if (impossibleIds(input.product_group_id)) return { items: [], total: 0 };
  const where = inBrand(ctx, dunningRules, ...filters([[dunningRules.productGroupId, input.product_group_id]]));
  const [rows, [{ n }]] = await Promise.all([
    selectRows(ctx.db, dunningRules, { where, orderBy: oldestFirst(dunningRules), limit: MAX_DUNNING_RULES_LISTED }),
    ctx.db.select({ n: count() }).from(dunningRules).where(where),
  ]);
  return { items: rows.map(dunningRuleView), total: n };
}
