import { and, eq, lt } from "drizzle-orm";
import { payments } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { DomainError } from "../errors";
import { findInvoice } from "../invoices/queries";
import { lockCustomer } from "../accounts/customer";
import { settlePendingPayments } from "./settle-pending";
import { targetOf } from "./queries";
import { type StepContext } from "../run-verb";

/**
 * For a background job: settles the brand's payments whose gateway answer was lost and that are
 * older than `olderThanMs` (so a request still charging is left alone). Run it in a transaction
 * (the locks then keep requests on the same invoice waiting). Answers how many were settled and
 * how many are still unknown.
 */
export async function reconcilePendingPayments(ctx: StepContext, olderThanMs = 60_000) {
  const cutoff = new Date(ctx.now().getTime() - olderThanMs);
  const pending = await ctx.db
    .select()
    .from(payments)
    .where(inBrand(ctx, payments, and(eq(payments.status, "pending"), lt(payments.createdAt, cutoff))));
  let settled = 0;
  let unknown = 0;
  for (const p of pending) {
    try {
      // Same lock order as a request on that invoice or balance.
      if (p.invoiceId) await findInvoice(ctx, p.invoiceId, p.customerAccountId, { lock: true });
      else await lockCustomer(ctx, p.customerAccountId);
      await settlePendingPayments(ctx, targetOf(p));
      settled++;
    } catch (err) {
      if (!(err instanceof DomainError && err.code === "GATEWAY_UNAVAILABLE")) throw err;
      unknown++;
    }
  }
  return { settled, unknown };
}
