import type { Context } from "../auth/context";
import type { UpdateComponentInput } from "../catalog/schemas";
import { updateComponent as updateCatalogComponent } from "../catalog/update-component";
import { assertPriceChangeInvoiceable } from "./price-rises";

/**
 * Component/Update: the catalog's change (lib/catalog/update-component.ts), refused when a
 * subscription it is attached to would get a next invoice past the largest amount (price-rises.ts).
 */
export async function updateComponent({ ctx, input }: { ctx: Context; input: UpdateComponentInput }) {
  const answer = await updateCatalogComponent({ ctx, input });
  await assertPriceChangeInvoiceable(ctx, { componentId: input.component_id }, "unit_price");
  return answer;
}
