import { notFound } from "next/navigation";
import type { Context } from "@/lib/auth/context";
import { listProductsPage } from "@/lib/catalog/list-products";
import { productGroupNames } from "@/lib/catalog/group-names";
import { isUuid } from "@/lib/ids";

/** The product by id (deleted too) with its group's name, or the not-found page. */
export async function loadProduct(ctx: Context, id: string) {
  if (!isUuid(id)) notFound();
  const product = (await listProductsPage(ctx, { filters: { id } })).rows[0];
  if (!product) notFound();
  const groupName = (await productGroupNames(ctx, [product.product_group_id])).get(product.product_group_id) ?? "—";
  return { product, groupName };
}
