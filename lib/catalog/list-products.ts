import { products as t } from "../../db/schema";
import { defineList, equalsFilter, idFilter, statusFilter } from "../lists";
import { z } from "zod";
import type { Context } from "../auth/context";
import type { ListProductsInput } from "./schemas";
import { liveUnlessAsked } from "./status-changes";
import { readProduct } from "./read";

/** Products: by id also a deleted one; every other listing leaves deleted ones out (spec) unless a page asks by status. */
export const productList = defineList({
  table: t,
  portal: "brand",
  filters: {
    id: idFilter(t.id),
    status: statusFilter(t.status),
    productGroupId: idFilter(t.productGroupId),
    customField1: equalsFilter(t.customField1, z.string()),
    customField2: equalsFilter(t.customField2, z.string()),
  },
  scope: liveUnlessAsked(t),
  search: [t.name],
  sortable: { created_at: t.createdAt, name: t.name, recurring_price: t.recurringPriceCents, expiration_interval: t.expirationInterval },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (ctx, rows) => rows.map((p) => readProduct(p, ctx.brand.currency)),
});
export const listProductsPage = productList.page;

export async function listProducts({ ctx, input }: { ctx: Context; input: ListProductsInput }) {
  const { rows, total } = await productList.window(ctx, {
    filters: { id: input.product_id, productGroupId: input.product_group_id, customField1: input.custom_field_1, customField2: input.custom_field_2 },
  });
  return { items: rows, total };
}
