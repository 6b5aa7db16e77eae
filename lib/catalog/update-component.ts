import { productGroups } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { COMPONENT } from "./queries";
import type { UpdateComponentInput } from "./schemas";
import { assertNotDeleted, loadForChange, saveChanges } from "./status-changes";
import { componentValues } from "./values";
import { componentView } from "./view";

const cannotChange = (parameter: string, current: string) =>
  new DomainError("INVALID_PARAMETER", `${parameter} cannot change (this component's is ${current})`, { parameter });

/** component_type and product_group_id are required (spec) but must be the stored ones. */
export async function updateComponent({ ctx, input }: { ctx: Context; input: UpdateComponentInput }) {
  const component = await loadForChange(ctx, COMPONENT, input.component_id);
  await findInBrand(ctx, productGroups, input.product_group_id, "Product group", "product_group_id");
  if (input.product_group_id !== component.productGroupId) throw cannotChange("product_group_id", component.productGroupId);
  if (input.component_type !== component.componentType) throw cannotChange("component_type", component.componentType);
  assertNotDeleted(component, COMPONENT.what, COMPONENT.parameter);
  return componentView(await saveChanges(ctx, COMPONENT.table, component.id, componentValues(input, component)), ctx.brand.currency);
}
