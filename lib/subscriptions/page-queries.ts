import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { DomainError } from "../errors";
import { isUuid } from "../ids";
import { formatCents } from "../money";
import { sumLines } from "../pricing/pricing";
import { subscriptionList } from "./list-subscriptions";
import { loadSubscription, nextPeriodLines } from "./details";
import { lineView, subscriptionView } from "./view";

type PageInput = Parameters<typeof subscriptionList.page>[1];

/** The dashboard's subscriptions list: the API's rows, with each customer's name. */
export async function subscriptionsPage(ctx: Context, input: PageInput) {
  const { rows, total } = await subscriptionList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

/** One subscription as the API shows it, its customer's name, and the lines of its next renewal (null: not found). */
export async function subscriptionDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const d = await loadSubscription(ctx, id).catch((err) => {
    if (err instanceof DomainError && err.code === "NOT_FOUND") return null;
    throw err;
  });
  if (!d) return null;
  const view = subscriptionView(ctx, d);
  const next = d.sub.renewalDate && d.sub.status === 1 ? nextPeriodLines(ctx, d) : [];
  const [withName] = await withCustomerNames(ctx, [view]);
  return { ...withName, next_lines: next.map(lineView), next_total: formatCents(sumLines(next)) };
}
