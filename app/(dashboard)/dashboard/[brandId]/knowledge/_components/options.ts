import type { CategoryNode } from "@/lib/knowledge/read";
import { VISIBILITY } from "@/lib/knowledge/schemas";
import { STATUS } from "@/lib/lifecycle";

export const VISIBILITY_OPTIONS = [
  { value: String(VISIBILITY.VISIBLE), label: "Visible" },
  { value: String(VISIBILITY.HIDDEN), label: "Hidden" },
] as const;

/** Live categories as choices, each SUB under its parent ("Billing › Invoices"). */
export function categoryChoices(tree: CategoryNode[]) {
  return tree
    .filter((c) => c.status !== STATUS.DELETED)
    .flatMap((c) => [
      { value: c.id, label: c.name },
      ...c.children.filter((s) => s.status !== STATUS.DELETED).map((s) => ({ value: s.id, label: `${c.name} › ${s.name}` })),
    ]);
}

/** Live PRIMARY categories: where a SUB category can sit. */
export const parentChoices = (tree: CategoryNode[]) =>
  tree.filter((c) => c.status !== STATUS.DELETED && c.type === "PRIMARY").map((c) => ({ value: c.id, label: c.name }));
