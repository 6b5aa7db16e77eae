import { z } from "zod";
import { payMethods as t, PAY_METHOD_TYPES } from "../../db/schema";
import { defineList, equalsFilter, idFilter, liveUnlessById } from "../lists";
import type { Context } from "../auth/context";
import type { ListPayMethodsInput } from "./schemas";
import { readPayMethod } from "./read";

export const PAY_METHOD_LIST_LIMIT = 400;

/** Pay methods; deleted ones only when asked for by id; `q` searches the holder's name and the last four digits. */
export const payMethodList = defineList({
  table: t,
  portal: "account",
  filters: { id: idFilter(t.id), customerAccountId: idFilter(t.customerAccountId), type: equalsFilter(t.type, z.enum(PAY_METHOD_TYPES)) },
  scope: liveUnlessById(t.deletedAt),
  search: [t.holderName, t.lastFour],
  sortable: { created_at: t.createdAt },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readPayMethod),
});
export const listPayMethodsPage = payMethodList.page;

/** Oldest first; deleted ones only when asked for by pay_method_id. */
export async function listPayMethods({ ctx, input }: { ctx: Context; input: ListPayMethodsInput }) {
  const { rows, total } = await payMethodList.window(ctx, {
    filters: { id: input.pay_method_id, customerAccountId: input.customer_account_id },
    limit: PAY_METHOD_LIST_LIMIT,
  });
  return { items: rows, total };
}
