import { productGroups as t } from "../../db/schema";
import { defineList, idFilter, statusFilter } from "../lists";
import type { Context } from "../auth/context";
import { liveUnlessAsked } from "./status-changes";
import { readProductGroup } from "./read";

/** Product groups: deleted ones only by id or status (spec); `q` searches the name. */
export const productGroupList = defineList({
  table: t,
  portal: "brand",
  filters: { id: idFilter(t.id), status: statusFilter(t.status) },
  scope: liveUnlessAsked(t),
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readProductGroup),
});
export const listProductGroupsPage = productGroupList.page;

export async function listProductGroups({ ctx, input }: { ctx: Context; input: { product_group_id?: string | null } }) {
  const { rows, total } = await productGroupList.window(ctx, { filters: { id: input.product_group_id } });
  return { items: rows, total };
}
