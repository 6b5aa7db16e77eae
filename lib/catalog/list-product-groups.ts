import { productGroups } from "../../db/schema";
import { inBrand, impossibleIds, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";

import { byIdOrLive } from "./status-changes";
import { productGroupView } from "./view";

export async function listProductGroups({ ctx, input }: { ctx: Context; input: { product_group_id?: string | null } }) {
  if (impossibleIds(input.product_group_id)) return { items: [], total: 0 };
  const rows = await ctx.db
    .select()
    .from(productGroups)
    .where(inBrand(ctx, productGroups, byIdOrLive(productGroups, input.product_group_id)))
    .orderBy(...oldestFirst(productGroups));
  return { items: rows.map(productGroupView), total: rows.length };
}
