import { selectRows } from "../../db/client";
import { products } from "../../db/schema";
import { inBrand, filters, impossibleIds, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";

import type { ListProductsInput } from "./schemas";
import { byIdOrLive } from "./status-changes";
import { productView } from "./view";

/** By product_id also finds a deleted product; every other listing leaves deleted ones out (spec). */
export async function listProducts({ ctx, input }: { ctx: Context; input: ListProductsInput }) {
  if (impossibleIds(input.product_id, input.product_group_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    products,
    byIdOrLive(products, input.product_id),
    ...filters([
      [products.productGroupId, input.product_group_id],
      [products.customField1, input.custom_field_1],
      [products.customField2, input.custom_field_2],
    ]),
  );
  const rows = await selectRows(ctx.db, products, { where, orderBy: oldestFirst(products) });
  return { items: rows.map(productView), total: rows.length };
}
