import { notFound } from "next/navigation";
import type { Context } from "@/lib/auth/context";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { productGroupNames } from "@/lib/catalog/group-names";
import { isUuid } from "@/lib/ids";

/** The component by id (deleted too) with its group's name, or the not-found page. */
export async function loadComponent(ctx: Context, id: string) {
  if (!isUuid(id)) notFound();
  const component = (await listComponentsPage(ctx, { filters: { id } })).rows[0];
  if (!component) notFound();
  const groupName = (await productGroupNames(ctx, [component.product_group_id])).get(component.product_group_id) ?? "—";
  return { component, groupName };
}
