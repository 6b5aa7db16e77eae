import { eq, inArray } from "drizzle-orm";
import { components, productGroups, products } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { DomainError, invalidState } from "../errors";
import { isUuid } from "../ids";
import { STATUS } from "../lifecycle";
import type { LedgerSubject } from "./status-changes";

/**
 * A product group new products and components can join: it exists in the brand and is not deleted.
 * Locked, so a concurrent ProductGroup/Delete cannot slip in between the check and the insert.
 */
export async function findLiveGroup(ctx: Context, id: string, parameter = "product_group_id") {
  const group = await findInBrand(ctx, productGroups, id, "Product group", parameter, { forUpdate: true });
  if (group.status === STATUS.DELETED) throw invalidState("This product group is deleted; restore it first", parameter);
  return group;
}

/** Restoring a product or component into a deleted group would leave it unsellable and unbillable: refused. */
export async function assertGroupNotDeleted(ctx: Context, groupId: string, s: { what: string; parameter: string }) {
  const [group] = await ctx.db
    .select({ status: productGroups.status })
    .from(productGroups)
    .where(inBrand(ctx, productGroups, eq(productGroups.id, groupId)))
    .for("update");
  if (group?.status === STATUS.DELETED) throw invalidState(`The ${s.what}'s product group is deleted; restore the group first`, s.parameter);
}

/** Products of the brand a coupon may be restricted to: all must exist and not be deleted. */
export async function assertLiveProducts(ctx: Context, ids: string[], parameter = "product_ids") {
  const unknown = ids.find((id) => !isUuid(id));
  if (unknown) throw new DomainError("NOT_FOUND", `Product ${unknown} not found`, { parameter });
  const rows = ids.length
    ? await ctx.db
        .select({ id: products.id, status: products.status })
        .from(products)
        .where(inBrand(ctx, products, inArray(products.id, ids)))
    : [];
  const found = new Map(rows.map((r) => [r.id, r.status]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new DomainError("NOT_FOUND", `Product ${missing} not found`, { parameter });
  const deleted = ids.find((id) => found.get(id) === STATUS.DELETED);
  if (deleted) throw invalidState(`Product ${deleted} is deleted`, parameter);
}

/** The catalog's ledger records, for the shared suspend/delete/restore. */
export const GROUP = { table: productGroups, what: "product group", parameter: "product_group_id" } satisfies LedgerSubject<typeof productGroups>;
export const PRODUCT = { table: products, what: "product", parameter: "product_id" } satisfies LedgerSubject<typeof products>;
export const COMPONENT = { table: components, what: "component", parameter: "component_id" } satisfies LedgerSubject<typeof components>;
