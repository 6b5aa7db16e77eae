import type { CategoryNode } from "@/lib/knowledge/pages";
import { STATUS } from "@/lib/lifecycle";

export const VISIBILITY = [
  { value: "1", label: "Visible" },
  { value: "2", label: "Hidden" },
] as const;

/** Live categories as choices, each SUB under its parent ("Billing › Invoices"). */
export function categoryChoices(tree: CategoryNode[]) {
  return tree
    .filter((c) => c.status !== STATUS.DELETED)
    .flatMap((c) => [
      { value: c.category_id, label: c.name },
      ...c.children.filter((s) => s.status !== STATUS.DELETED).map((s) => ({ value: s.category_id, label: `${c.name} › ${s.name}` })),
    ]);
}

/** Live PRIMARY categories: where a SUB category can sit. */
export const parentChoices = (tree: CategoryNode[]) =>
  tree.filter((c) => c.status !== STATUS.DELETED && c.category_type === "PRIMARY").map((c) => ({ value: c.category_id, label: c.name }));
