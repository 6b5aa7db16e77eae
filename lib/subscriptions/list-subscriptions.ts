import { selectRows } from "../../db/client";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import type { ListSubscriptionsParams } from "./schemas";
import { withDetails } from "./details";
import { subscriptionView } from "./view";

/** At most this many subscriptions per answer (spec, Limits). */
export const MAX_SUBSCRIPTIONS = 100;

export async function listSubscriptions({ ctx, input }: { ctx: Context; input: z.output<typeof ListSubscriptionsParams> }) {
  if ([input.subscription_id, input.customer_account_id].some((i) => i && !isUuid(i))) return { items: [], total: 0 };
  const conditions: (SQL | undefined)[] = [
    input.subscription_id ? eq(subscriptions.id, input.subscription_id) : undefined,
    input.customer_account_id ? eq(subscriptions.customerAccountId, input.customer_account_id) : undefined,
    input.status ? eq(subscriptions.status, input.status as 1 | 2 | 3) : undefined,
    input.custom_field_1 ? eq(subscriptions.customField1, input.custom_field_1) : undefined,
    input.custom_field_2 ? eq(subscriptions.customField2, input.custom_field_2) : undefined,
  ];
  const where = inBrand(ctx, subscriptions, and(...conditions));
  const [rows, [{ n }]] = await Promise.all([
    selectRows(ctx.db, ctx.db.select().from(subscriptions).where(where).orderBy(asc(subscriptions.createdAt), asc(subscriptions.id)).limit(MAX_SUBSCRIPTIONS)),
    ctx.db.$count(subscriptions, where).then((n) => [{ n }]),
  ]);
  return { items: (await withDetails(ctx, rows)).map((d) => subscriptionView(ctx, d)), total: n };
}
