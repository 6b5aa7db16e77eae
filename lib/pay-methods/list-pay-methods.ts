import { selectRows } from "../../db/client";
import { count, eq, isNull } from "drizzle-orm";
import { payMethods } from "../../db/schema";
import { filters, impossibleIds, inBrand, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";
import type { ListPayMethodsInput } from "./schemas";
import { payMethodView } from "./view";

export const PAY_METHOD_LIST_LIMIT = 400;

/** Oldest first; deleted ones only when asked for by pay_method_id. */
export async function listPayMethods({ ctx, input }: { ctx: Context; input: ListPayMethodsInput }) {
  if (impossibleIds(input.pay_method_id, input.customer_account_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    payMethods,
    input.pay_method_id ? eq(payMethods.id, input.pay_method_id) : isNull(payMethods.deletedAt),
    ...filters([[payMethods.customerAccountId, input.customer_account_id]]),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(ctx.db, payMethods, { where, orderBy: oldestFirst(payMethods), limit: PAY_METHOD_LIST_LIMIT }),
    ctx.db.select({ total: count() }).from(payMethods).where(where),
  ]);
  return { items: rows.map(payMethodView), total };
}
