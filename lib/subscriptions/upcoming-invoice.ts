import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts, invoices } from "../../db/schema";
import type { Context } from "../auth/context";
import { replaceLines } from "../invoices/lines";
import { invoiceDetails } from "../invoices/queries";
import { toInvoiceLines } from "../billing/invoice-lines";
import { invoiceHorizon } from "../billing/periods";
import { loadSubscription, nextPeriodLines } from "./details";
import { requestInvoiceGeneration } from "./events";

/**
 * After a change (spec, behaviour 2: the next payment follows the changed data): an invoice already
 * generated for the coming renewal is priced again while nothing has been paid on it, and a renewal
 * now inside the 72-hour window gets its invoice within a minute.
 */
export async function afterSubscriptionChange(ctx: Context, subscriptionId: string) {
  const d = await loadSubscription(ctx, subscriptionId);
  const s = d.sub;
  if (!s.renewalDate || s.status === 3) return;
  const [upcoming] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, s.id), eq(invoices.billingPeriodStart, s.renewalDate), isNull(invoices.deletedAt)))
    .for("no key update");
  if (upcoming) {
    const { amounts } = await invoiceDetails(ctx, upcoming);
    if (amounts.paid > 0) return;
    const [account] = await ctx.db.select().from(customerAccounts).where(eq(customerAccounts.id, s.customerAccountId));
    await replaceLines(ctx, upcoming.id, toInvoiceLines(nextPeriodLines(ctx, d), { product: d.product, account, components: d.attached.map((a) => a.component) }));
    return;
  }
  if (s.status === 1 && s.renewalDate <= invoiceHorizon(ctx.now(), ctx.brand.timezoneId)) await requestInvoiceGeneration(ctx, [s.id]);
}
