import { eq } from "drizzle-orm";
import { invoices, payMethods, payments } from "../../db/schema";
import { lockCustomer } from "../accounts/customer";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { resolveAttempt, type AttemptOutcome } from "./attempts";
import { inTarget, type PaymentTarget } from "./queries";
import { settleFirst, stepped, type StepContext } from "../run-verb";

/** The charges on a target whose outcome is not known yet. */
const pendingIn = (ctx: Context, target: PaymentTarget) => inBrand(ctx, payments, inTarget(target), eq(payments.status, "pending"));

/**
 * Before anything else moves money on an invoice (or a prepaid balance), the charges there whose
 * outcome was lost are settled with their gateway, so none can land later on top of a new
 * payment. The caller holds the target's lock. When one of them is the same charge being asked
 * for again (same pay method and amount: a client retrying after a lost answer), its outcome is
 * answered instead of charging anew. Still unknown: GATEWAY_UNAVAILABLE, nothing new is charged.
 */
export async function settlePendingPayments(
  ctx: StepContext,
  target: PaymentTarget,
  retry?: { payMethodId: string; amount: number },
): Promise<AttemptOutcome | null> {
  const pending = await ctx.db
    .select({ payment: payments, payMethod: payMethods })
    .from(payments)
    .innerJoin(payMethods, eq(payMethods.id, payments.payMethodId))
    .where(pendingIn(ctx, target));
  let retried: AttemptOutcome | null = null;
  for (const { payment, payMethod } of pending) {
    const outcome = await resolveAttempt(ctx, payment, payMethod);
    if (outcome.status === "pending") throw stillPending(payment.id);
    if (!retried && retry && payment.payMethodId === retry.payMethodId && payment.amount === retry.amount) retried = outcome;
  }
  // Each gateway question committed a step, which released the caller's lock: take it again.
  if (pending.length) await lockTarget(ctx, target);
  return retried;
}

/**
 * For a verb already part-way through a change (a subscription's invoice re-priced or voided):
 * a charge there whose answer was lost is not settled in the middle, which would commit the change
 * so far around the gateway call; the verb is run again once it is settled (runVerb, settleFirst).
 */
export async function requireNoPendingPayments(ctx: StepContext, target: PaymentTarget) {
  const [pending] = await ctx.db.select({ id: payments.id }).from(payments).where(pendingIn(ctx, target)).limit(1);
  if (pending)
    settleFirst(
      ctx,
      stepped(({ ctx: c }) => settlePendingPayments(c, target)),
    );
}

async function lockTarget(ctx: Context, target: PaymentTarget) {
  if ("invoiceId" in target) await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, target.invoiceId)).for("no key update");
  else await lockCustomer(ctx, target.prepaidOf);
}

export const stillPending = (paymentId: string) =>
  new DomainError(
    "GATEWAY_UNAVAILABLE",
    `The payment gateway has not confirmed payment ${paymentId}; it is recorded as pending and settled with the gateway before anything else is charged here. Send the request again later`,
  );
