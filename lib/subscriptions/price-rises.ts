import { eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { components, products, subscriptionComponents, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { MAX_INVOICE_TOTAL } from "../invoices/lines";
import { STATUS } from "../lifecycle";
import { formatAmount } from "../money";
import { grossOfLines } from "../pricing/pricing";
import { loadSubscription, nextInvoiceLines } from "./details";

/** How many subscription ids a refusal names (then "and N more"). */
const NAMED = 5;

/**
 * A catalog price change (Product/Update, Component/Update) that would bring some subscription's next
 * invoice past the largest amount an invoice holds is refused (400 on `parameter`, naming the first
 * subscriptions and how many), in the verb's transaction after its write: nothing is committed. Left
 * through, the renewal could never be generated (issue 32). Active and suspended subscriptions (a
 * suspended one is billed again once restored) of the product, or with the component attached.
 *
 * A bound in SQL (every component's units or usage at its full unit price, no free units, cap or
 * discount: never below the invoice) picks the few that may pass it; each is then priced exactly as
 * billing prices it (assertInvoiceable's lines).
 */
export async function assertPriceChangeInvoiceable(ctx: Context, of: { productId: string } | { componentId: string }, parameter: string) {
  const ids = await candidates(ctx, of);
  const over: string[] = [];
  for (const id of ids) {
    const d = await loadSubscription(ctx, id);
    if (d.product && !(grossOfLines(nextInvoiceLines(ctx, d)) <= MAX_INVOICE_TOTAL)) over.push(id);
  }
  if (!over.length) return;
  const more = over.length > NAMED ? ` and ${over.length - NAMED} more` : "";
  throw new DomainError(
    "INVALID_PARAMETER",
    `${parameter} would bring the next invoice of ${over.length} subscription${over.length === 1 ? "" : "s"} to more than ${formatAmount(MAX_INVOICE_TOTAL, ctx.brand.currency)}, the largest an invoice can total: ${over.slice(0, NAMED).join(", ")}${more}`,
    { parameter },
  );
}

async function candidates(ctx: Context, of: { productId: string } | { componentId: string }) {
  const extras = ctx.db
    .select({
      subscriptionId: subscriptionComponents.subscriptionId,
      cents: sql<string>`sum(${components.unitPriceCents}::numeric * greatest(${subscriptionComponents.units}, ${subscriptionComponents.usage}))`.as("cents"),
    })
    .from(subscriptionComponents)
    .innerJoin(components, eq(components.id, subscriptionComponents.componentId))
    .where(inBrand(ctx, subscriptionComponents))
    .groupBy(subscriptionComponents.subscriptionId)
    .as("extras");
  const which: SQL =
    "productId" in of
      ? eq(subscriptions.productId, of.productId)
      : inArray(
          subscriptions.id,
          ctx.db
            .select({ id: subscriptionComponents.subscriptionId })
            .from(subscriptionComponents)
            .where(inBrand(ctx, subscriptionComponents, eq(subscriptionComponents.componentId, of.componentId))),
        );
  const rows = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(extras, eq(extras.subscriptionId, subscriptions.id))
    .where(
      inBrand(
        ctx,
        subscriptions,
        inArray(subscriptions.status, [STATUS.ACTIVE, STATUS.SUSPENDED]),
        which,
        gt(sql`${products.recurringPriceCents}::numeric + coalesce(${extras.cents}, 0)`, MAX_INVOICE_TOTAL),
      ),
    )
    .orderBy(subscriptions.id);
  return rows.map((r) => r.id);
}
