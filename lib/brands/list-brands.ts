import { oldestFirst } from "../../db/scope";
import { impossibleIds } from "../scope";
import { selectRows } from "../../db/client";
import { eq } from "drizzle-orm";
import { brands } from "../../db/schema";
import type { Context } from "../auth/context";
import { inServiceAccount } from "./queries";
import { readBrand } from "./read";

/** Brand/List and the brands page: the service account's live brands, oldest first, as read rows (lib/api converts them with brandToWire). */
export async function listBrands({ ctx, input }: { ctx: Context; input: { search_brand_id?: string | null; limit?: number | null } }) {
  const id = input.search_brand_id;
  if (impossibleIds(id)) return { items: [], total: 0 };
  const where = inServiceAccount(ctx, id ? eq(brands.id, id) : undefined);
  const rows = await selectRows(ctx.db, brands, { where, orderBy: oldestFirst(brands) });
  return { items: rows.slice(0, input.limit ?? rows.length).map(readBrand), total: rows.length };
}
