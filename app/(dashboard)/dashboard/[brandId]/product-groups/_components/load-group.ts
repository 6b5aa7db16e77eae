import type { Context } from "@/lib/auth/context";
import { listProductGroupsPage } from "@/lib/catalog/list-product-groups";
import { VARIABLE_SLOTS, type GroupVariable, type VariableSlot } from "@/lib/catalog/variables";
import { loadRecord } from "../../_components/load-record";
import type { VariableRow } from "./group-form";

/** The group by id (deleted too), or the not-found page. */
export async function loadGroup(ctx: Context, id: string) {
  const g = await loadRecord(ctx, id, listProductGroupsPage);
  return { group: g, variables: variablesOf(g) };
}

/** The group view's VAR1..VAR10 (spread into the view, so untyped there) as editor rows, empty slots left out. */
export function variablesOf(g: object): VariableRow[] {
  const slots = g as Record<VariableSlot, GroupVariable | null | undefined>;
  return VARIABLE_SLOTS.flatMap((slot) => {
    const v = slots[slot];
    return v ? [{ slot, ...v, options: v.options.join(", ") }] : [];
  });
}
