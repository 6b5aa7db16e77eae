import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { findCategory } from "./queries";

/**
 * The parent a category of `type` may have: none for PRIMARY; for SUB a live PRIMARY category of
 * this brand other than itself. Looked up first, so another brand's id is a 404 whatever the type.
 */
export async function resolveParent(ctx: Context, type: "PRIMARY" | "SUB", parentId: string | null, selfId?: string) {
  const parent = parentId ? await findCategory(ctx, parentId, "parent_category_id", { deleted: "refuse" }) : null;
  if (type === "PRIMARY") {
    if (parent) throw new DomainError("INVALID_PARAMETER", "parent_category_id must be empty for a PRIMARY category", { parameter: "parent_category_id" });
    return null;
  }
  if (!parent) throw new DomainError("MISSING_PARAMETER", "parent_category_id is required when category_type is SUB", { parameter: "parent_category_id" });
  if (parent.categoryType !== "PRIMARY" || parent.id === selfId) {
    throw new DomainError("INVALID_PARAMETER", "parent_category_id must be another PRIMARY category", { parameter: "parent_category_id" });
  }
  return parent;
}
