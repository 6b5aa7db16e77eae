import { dashboardContext } from "@/app/_auth/session";
import type { Context } from "@/lib/auth/context";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import type { ListPageProps } from "../../_components/list-page";

/**
 * A list of what belongs to a product group (products, components, dunning rules): the brand's
 * groups, for its `group` filter (read before openList, whose filter takes them as its values).
 */
export const groupChoices = async (props: ListPageProps) => productGroupChoices(await dashboardContext((await props.params).brandId));

/** A loaded page of such a list with each row's group by name (one query for the page). */
export async function withGroupNames<R extends { productGroupId: string }>(ctx: Context, page: { rows: R[]; total: number }) {
  const names = await productGroupNames(
    ctx,
    page.rows.map((r) => r.productGroupId),
  );
  return { ...page, rows: page.rows.map((r) => ({ ...r, groupName: names.get(r.productGroupId) ?? "—" })) };
}
