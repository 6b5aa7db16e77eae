import type { CategoryNode } from "@/lib/knowledge/pages";

export const VISIBILITY = [
  { value: "1", label: "Visible" },
  { value: "2", label: "Hidden" },
] as const;

/** Live categories as choices, each SUB under its parent ("Billing › Invoices"). */
export function categoryChoices(tree: CategoryNode[]) {
  return tree
    .filter((c) => c.status !== 3)
    .flatMap((c) => [
      { value: c.category_id, label: c.name },
      ...c.children.filter((s) => s.status !== 3).map((s) => ({ value: s.category_id, label: `${c.name} › ${s.name}` })),
    ]);
}

/** Live PRIMARY categories: where a SUB category can sit. */
export const parentChoices = (tree: CategoryNode[]) =>
  tree.filter((c) => c.status !== 3 && c.category_type === "PRIMARY").map((c) => ({ value: c.category_id, label: c.name }));
