import { z } from "zod";
import { components as t, COMPONENT_TYPES } from "../../db/schema";
import { defineList, equalsFilter, idFilter, statusFilter } from "../lists";
import type { Context } from "../auth/context";
import type { ListComponentsInput } from "./schemas";
import { liveUnlessAsked } from "./status-changes";
import { readComponent } from "./read";

/** Component/List answers at most this many (spec, Limits); `total` says how many matched. */
export const MAX_COMPONENTS_LISTED = 300;

export const componentList = defineList({
  table: t,
  portal: "brand",
  filters: {
    id: idFilter(t.id),
    status: statusFilter(t.status),
    productGroupId: idFilter(t.productGroupId),
    componentType: equalsFilter(t.componentType, z.enum(COMPONENT_TYPES)),
    customField1: equalsFilter(t.customField1, z.string()),
    customField2: equalsFilter(t.customField2, z.string()),
  },
  scope: liveUnlessAsked(t),
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name, unit_price: t.unitPriceCents },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (ctx, rows) => rows.map((c) => readComponent(c, ctx.brand.currency)),
});
export const listComponentsPage = componentList.page;

export async function listComponents({ ctx, input }: { ctx: Context; input: ListComponentsInput }) {
  const { rows, total } = await componentList.window(ctx, {
    filters: { id: input.component_id, productGroupId: input.product_group_id, customField1: input.custom_field_1, customField2: input.custom_field_2 },
    limit: MAX_COMPONENTS_LISTED,
  });
  return { items: rows, total };
}
