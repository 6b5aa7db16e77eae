import { selectRows } from "../../db/client";
import { count } from "drizzle-orm";
import { components } from "../../db/schema";
import { inBrand, filters, impossibleIds, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";

import type { ListComponentsInput } from "./schemas";
import { byIdOrLive } from "./status-changes";
import { componentView } from "./view";

/** Component/List answers at most this many (spec, Limits); `total` says how many matched. */
export const MAX_COMPONENTS_LISTED = 300;

export async function listComponents({ ctx, input }: { ctx: Context; input: ListComponentsInput }) {
  if (impossibleIds(input.component_id, input.product_group_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    components,
    byIdOrLive(components, input.component_id),
    ...filters([
      [components.productGroupId, input.product_group_id],
      [components.customField1, input.custom_field_1],
      [components.customField2, input.custom_field_2],
    ]),
  );
  const [rows, [{ n }]] = await Promise.all([
    selectRows(ctx.db, components, { where, orderBy: oldestFirst(components), limit: MAX_COMPONENTS_LISTED }),
    ctx.db.select({ n: count() }).from(components).where(where),
  ]);
  return { items: rows.map(componentView), total: n };
}
