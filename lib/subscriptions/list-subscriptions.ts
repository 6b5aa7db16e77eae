import { selectRows } from "../../db/client";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { subscriptions } from "../../db/schema";
import { filters, impossibleIds, inBrand, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";
import type { ListSubscriptionsParams } from "./schemas";
import { withDetails } from "./details";
import { subscriptionView } from "./view";

/** At most this many subscriptions per answer (spec, Limits). */
export const MAX_SUBSCRIPTIONS = 100;

export async function listSubscriptions({ ctx, input }: { ctx: Context; input: z.output<typeof ListSubscriptionsParams> }) {
  if (impossibleIds(input.subscription_id, input.customer_account_id)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    subscriptions,
    input.status ? eq(subscriptions.status, input.status as 1 | 2 | 3) : undefined,
    ...filters([
      [subscriptions.id, input.subscription_id],
      [subscriptions.customerAccountId, input.customer_account_id],
      [subscriptions.customField1, input.custom_field_1],
      [subscriptions.customField2, input.custom_field_2],
    ]),
  );
  const [rows, [{ n }]] = await Promise.all([
    selectRows(ctx.db, subscriptions, { where, orderBy: oldestFirst(subscriptions), limit: MAX_SUBSCRIPTIONS }),
    ctx.db.$count(subscriptions, where).then((n) => [{ n }]),
  ]);
  return { items: (await withDetails(ctx, rows)).map((d) => subscriptionView(ctx, d)), total: n };
}
