import { and, isNull, ne, or, sql } from "drizzle-orm";
import { products, subscriptions as t } from "../../db/schema";
import { contains } from "../../db/scope";
import { dayFilters, defineList, equalsFilter, idFilter, sqlFilter, statusFilter } from "../lists";
import { z } from "zod";
import { accountMatches } from "../accounts/queries";
import type { Context } from "../auth/context";
import { STATUS, SUBSCRIPTION_PENDING } from "../lifecycle";
import type { ListSubscriptionsParams } from "./schemas";
import { readSubscriptions } from "./read";

/** At most this many subscriptions per answer (spec, Limits). */
export const MAX_SUBSCRIPTIONS = 100;

const yesNo = z.enum(["Y", "N"]);
const created = dayFilters(t.createdAt, "instant");
const ended = dayFilters(t.deletedAt, "instant");
const renews = dayFilters(t.renewalDate, "date");

/** A returning customer's subscription: the customer had another one end (deleted) before this one was created. */
export const returningCustomerSql = sql`exists (select 1 from subscriptions o where o.brand_id = ${t.brandId}
  and o.customer_account_id = ${t.customerAccountId} and o.deleted_at < ${t.createdAt})`;

/**
 * Subscriptions, deleted ones included (pending ones not); the day filters are the brand's calendar days, both ends
 * inclusive (the overview's figures link here with them); `q` searches the customer's name and email and the product's name.
 */
export const subscriptionList = defineList({
  table: t,
  portal: "account",
  // One whose initial charge is still being made does not exist yet for anyone.
  scope: () => ne(t.status, SUBSCRIPTION_PENDING),
  filters: {
    id: idFilter(t.id),
    customerAccountId: idFilter(t.customerAccountId),
    productId: idFilter(t.productId),
    status: statusFilter(t.status),
    customField1: equalsFilter(t.customField1, z.string()),
    customField2: equalsFilter(t.customField2, z.string()),
    trial: equalsFilter(t.inTrial, yesNo),
    returning: sqlFilter(yesNo, (v) => (v === "Y" ? returningCustomerSql : sql`not ${returningCustomerSql}`)),
    createdFrom: created.from,
    createdTo: created.to,
    endedFrom: ended.from,
    endedTo: ended.to,
    renewsFrom: renews.from,
    renewsTo: renews.to,
    // Not deleted (the portal shows a customer only these).
    live: sqlFilter(z.literal("Y"), () => and(isNull(t.deletedAt), ne(t.status, STATUS.DELETED))),
  },
  search: (q) =>
    or(
      accountMatches(t.customerAccountId, q),
      sql`exists (select 1 from ${products} where ${products.id} = ${t.productId} and ${contains(products.name, q)})`,
    )!,
  sortable: { created_at: t.createdAt, start_date: t.startDate, renewal_date: t.renewalDate, status: t.status },
  defaultSort: { key: "created_at", dir: "asc" },
  // Lazily: ./read.ts reads through this list too.
  read: (ctx, rows) => readSubscriptions(ctx, rows),
});
export const listSubscriptionsPage = subscriptionList.page;

export async function listSubscriptions({ ctx, input }: { ctx: Context; input: z.output<typeof ListSubscriptionsParams> }) {
  const { rows, total } = await subscriptionList.window(ctx, {
    filters: {
      id: input.subscription_id,
      customerAccountId: input.customer_account_id,
      status: input.status as 1 | 2 | 3 | null | undefined,
      customField1: input.custom_field_1,
      customField2: input.custom_field_2,
    },
    limit: MAX_SUBSCRIPTIONS,
  });
  return { items: rows, total };
}
