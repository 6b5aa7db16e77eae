import { and, eq } from "drizzle-orm";
import { subscriptionCoupons, subscriptions } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { newId } from "../ids";
import { formatAmount } from "../money";
import { createInvoiceForSubscription } from "../invoices/create-invoice-for-subscription";
import { carriesCoupon, linesTotal } from "../invoices/lines";
import { taxedLines } from "../tax/rates";
import { chargeInvoice } from "../payments/charge-invoice";
import { createPayment } from "../payments/create-payment";
import { billingAnchor, firstPartialPeriod, firstRenewal, invoiceGenerationAt, invoiceHorizon, today } from "../pricing/periods";
import { SUBSCRIPTION_PENDING } from "../lifecycle";
import { holdEventsFor } from "../outbox/emit";
import { stillPending } from "../payments/settle-pending";
import { commitSoFar, stepped, type StepContext } from "../run-verb";
import { qualifyCoupon } from "../catalog/coupon-qualification";
import type { Coupon } from "../catalog/read";
import { recordPeriod } from "./periods";
import { initialLines, inTrial, recurringLines, sumLines } from "../pricing/pricing";
import { toInvoiceLines } from "../pricing/invoice-lines";
import type { CreateSubscriptionInput, EstimateSubscriptionInput, UpdateSubscriptionInput } from "./schemas";
import { assertTermsWithinMax, checkComponents, checkCoupons, checkVariables, pricedComponent, pricedCoupon, pricedProduct, sellableProduct } from "./terms";
import { activeAccount, setComponents, setCoupons, subscriptionOf } from "./queries";
import { estimateChange } from "./estimate-change";
import { readChangeEstimate, type EstimateRead, type PayMethodStatus } from "./read";
import { changeProduct } from "./change-product";
import { updateSubscription } from "./update-subscription";
import { assertChargeable, findPayMethod } from "../pay-methods/queries";
import type { PayMethodRow } from "../pay-methods/read";
import { loadSubscription } from "./details";
import { emitSubscriptionEvent, postActionUrl, requestInvoiceGeneration } from "./events";
import { subscriptionView } from "./view";
import { activatePending, discardPending, settleRetriedCreate } from "./pending";

/** Everything a new subscription is made of, checked: shared by Estimate and Create. */
async function newSubscriptionTerms(ctx: Context, input: EstimateSubscriptionInput | CreateSubscriptionInput, autoPay: boolean) {
  const account = await activeAccount(ctx, input.customer_account_id);
  const { product, group } = await sellableProduct(ctx, input.product_id);
  const attached = await checkComponents(ctx, group, input.attached_components ?? []);
  const coupons = await checkCoupons(ctx, input.coupon_code, product.id);
  // Estimate only reports the pay method's status (spec); Create refuses one it cannot charge.
  const payMethod = input.pay_method_id ? await findPayMethod(ctx, input.pay_method_id, account.id) : null;
  const pricing = {
    product: pricedProduct(product),
    productName: product.name,
    components: attached.map((a) => pricedComponent(a.component, a.units)),
    coupons: coupons.map(pricedCoupon),
    autoPay,
  };
  const start = today(ctx.now(), ctx.brand.timezoneId);
  const billingDay = input.billing_day ?? null;
  if (billingDay !== null) {
    const unit = pricing.product.intervalUnit;
    if ((unit !== "month" && unit !== "year") || pricing.product.expirationInterval === 0 || inTrial(pricing.product)) {
      throw new DomainError("INVALID_PARAMETER", "billing_day is only accepted for a product billed in months or years, without a trial", {
        parameter: "billing_day",
      });
    }
  }
  const renewal = firstRenewal(start, pricing.product, billingDay);
  const anchor = billingAnchor(start, pricing.product, billingDay);
  const part = billingDay !== null ? firstPartialPeriod(start, anchor, pricing.product, billingDay) : null;
  const upfront = initialLines(pricing, part);
  assertTermsWithinMax(pricing, ctx.brand.currency);
  return { account, product, group, attached, coupons, payMethod, pricing, start, renewal, anchor, billingDay, upfront };
}

/** The coupons that still discount the first renewal, whose invoice is priced 72 hours before it. */
const renewalCoupons = (ctx: Context, coupons: Coupon[], productId: string, renewal: string, trial: boolean) =>
  coupons
    .filter(
      (c) =>
        qualifyCoupon(c, {
          productId,
          now: invoiceGenerationAt(renewal, ctx.brand.timezoneId),
          cyclesApplied: trial ? 0 : 1,
          alreadyRedeemedBySubscription: true,
          timeZone: ctx.brand.timezoneId,
        }).qualifies,
    )
    .map(pricedCoupon);

/** What Estimate confirms about a pay method: deleted, or whether it is verified (only a verified one can be charged). */
const payMethodStatus = (p: PayMethodRow): PayMethodStatus => (p.deletedAt ? "deleted" : p.verified === "Y" ? "verified" : "unverified");

/**
 * Subscription/Estimate: the up-front charge, the first renewal date and amount, and the lines behind
 * each. No tax. With auto_pay every figure assumes it; absent, the spec's answer (the up-front charge
 * with auto pay, the renewal without). With subscription_id, a change of that subscription instead.
 * Its read row (lib/api's endpoint answers its wire, estimateToWire).
 */
export async function estimateSubscription({ ctx, input }: { ctx: Context; input: EstimateSubscriptionInput }): Promise<EstimateRead> {
  if (input.subscription_id) return estimateSubscriptionChange(ctx, input, input.subscription_id);
  for (const p of ["remove_components", "remove_coupons"] as const) {
    if (input[p]) throw new DomainError("INVALID_PARAMETER", `${p} is only accepted with subscription_id`, { parameter: p });
  }
  const autoPay = input.auto_pay === undefined ? null : input.auto_pay === "Y";
  const t = await newSubscriptionTerms(ctx, input, autoPay ?? true);
  const markedPaid = input.override_initial_billing === "Y";
  return {
    kind: "new",
    customerAccountId: t.account.id,
    productId: t.product.id,
    autoPay,
    upfrontCents: markedPaid ? 0 : sumLines(t.upfront),
    upfrontLines: t.upfront,
    initialInvoiceMarkedPaid: markedPaid,
    trial: inTrial(t.pricing.product),
    nextRenewal: t.renewal ? firstRenewalEstimate(ctx, t, t.renewal, autoPay ?? false) : null,
    payMethodStatus: t.payMethod ? payMethodStatus(t.payMethod) : null,
    currency: ctx.brand.currency,
  };
}

/** The first renewal of a new subscription, its coupons as the renewal will see them: the up-front period (outside a trial) used a cycle. */
function firstRenewalEstimate(ctx: Context, t: Awaited<ReturnType<typeof newSubscriptionTerms>>, renewal: string, autoPay: boolean) {
  const pricing = { ...t.pricing, coupons: renewalCoupons(ctx, t.coupons, t.product.id, renewal, inTrial(t.pricing.product)) };
  const lines = recurringLines({ ...pricing, autoPay });
  return { date: renewal, totalCents: sumLines(lines), withAutoPayCents: sumLines(recurringLines({ ...pricing, autoPay: true })), lines };
}

/**
 * Subscription/Estimate of a change (subscription_id): the same dry run as the dashboard's and the
 * portal's confirm steps (estimateChange: the verbs themselves, rolled back), so the proration it
 * answers is the one the change would bill or credit. ChangeProduct when product_id is another
 * product, then attached_components and coupon_code as Subscription/Update sets them; auto_pay is
 * assumed before anything is measured (absent: the subscription's).
 */
async function estimateSubscriptionChange(ctx: Context, input: EstimateSubscriptionInput, subscriptionId: string) {
  for (const p of ["billing_day", "override_initial_billing", "pay_method_id"] as const) {
    if (input[p] !== undefined)
      throw new DomainError("INVALID_PARAMETER", `${p} is only accepted for a new subscription (without subscription_id)`, { parameter: p });
  }
  const { sub } = await subscriptionOf(ctx, subscriptionId, input.customer_account_id);
  const autoPay = input.auto_pay ?? sub.autoPay;
  const account = { subscription_id: sub.id, customer_account_id: sub.customerAccountId };
  const estimate = await estimateChange(
    ctx,
    sub.id,
    async (dry) => {
      if (input.product_id !== sub.productId || input.remove_components || input.remove_coupons) {
        await changeProduct.stepped({
          ctx: dry,
          input: { ...account, product_id: input.product_id, remove_components: input.remove_components, remove_coupons: input.remove_coupons },
        });
      }
      if (input.attached_components !== undefined || input.coupon_code !== undefined) {
        await updateSubscription.stepped({
          ctx: dry,
          input: { ...account, auto_pay: autoPay, attached_components: input.attached_components, coupon_code: input.coupon_code } as UpdateSubscriptionInput,
        });
      }
    },
    (dry) => dry.db.update(subscriptions).set({ autoPay }).where(eq(subscriptions.id, sub.id)),
  );
  const on = { subscriptionId: sub.id, customerAccountId: sub.customerAccountId, productId: input.product_id, autoPay: autoPay === "Y" };
  return readChangeEstimate(estimate, on, ctx.brand.currency);
}

/**
 * Subscription/Create. The initial invoice (setup fees and the first period, or the trial) is
 * charged to the pay method in real time unless override_initial_billing is Y (then it is marked
 * paid with the third party's transaction, if given) or it comes to zero; a decline refuses the
 * whole subscription (402): nothing is created, not even the initial invoice the decline was for.
 *
 * A real-time charge runs in steps like every other: the subscription is written pending (status
 * 0: not listed, billed or counted) with its invoice and the attempt, its events held, and committed;
 * the gateway is called holding no transaction; the answer makes it active and releases its events,
 * or a decline discards it all. A lost answer (or a process dying between the steps) leaves it
 * pending for the billing run's janitor (settlePendingSubscriptions).
 */
export const createSubscription = stepped(async ({ ctx, input }: { ctx: StepContext; input: CreateSubscriptionInput }) => {
  const override = input.override_initial_billing === "Y";
  if (!override) {
    for (const p of ["payment_gateway", "payment_transaction_id"] as const) {
      if (input[p]) throw new DomainError("INVALID_PARAMETER", `${p} is only accepted with override_initial_billing Y`, { parameter: p });
    }
  }
  let t = await newSubscriptionTerms(ctx, input, input.auto_pay === "Y");
  if (t.payMethod) {
    assertChargeable(t.payMethod);
    // A client retrying after a lost answer: the same subscription still pending is settled, not bought twice.
    const retry = await settleRetriedCreate(ctx, { customerAccountId: t.account.id, productId: t.product.id, payMethodId: t.payMethod.id });
    if (retry.answer) return subscriptionView(ctx, retry.answer);
    if (retry.settled) t = await newSubscriptionTerms(ctx, input, input.auto_pay === "Y"); // its steps released the account's lock
  }
  const variables = checkVariables(t.group, input);
  const now = ctx.now();
  const id = newId();
  // The first invoice's lines with their tax (lib/tax): what is charged is their total.
  const lines = await taxedLines(
    ctx,
    t.account,
    toInvoiceLines(t.upfront, { product: t.product, account: t.account, components: t.attached.map((a) => a.component) }),
  );
  const total = linesTotal(lines);
  const charging = total > 0 && !override && t.payMethod !== null;
  // Until its charge settles, what the subscription emits is held for it.
  const writer = charging ? holdEventsFor(ctx, id) : ctx;
  await ctx.db.insert(subscriptions).values({
    id,
    brandId: ctx.brand.id,
    customerAccountId: t.account.id,
    productId: t.product.id,
    productGroupId: t.group.id,
    autoPay: input.auto_pay,
    payMethodId: t.payMethod?.id ?? null,
    startDate: t.start,
    periodStart: t.start,
    renewalDate: t.renewal,
    billingAnchor: t.anchor,
    billingDay: t.billingDay,
    inTrial: inTrial(t.pricing.product) ? "Y" : "N",
    overrideInitialBilling: input.override_initial_billing,
    paymentGateway: input.payment_gateway ?? null,
    paymentTransactionId: input.payment_transaction_id ?? null,
    customField1: input.custom_field_1 ?? null,
    customField2: input.custom_field_2 ?? null,
    variables: Object.fromEntries(Object.entries(variables).filter(([, v]) => v !== null)) as Record<string, string>,
    ...(charging ? { status: SUBSCRIPTION_PENDING } : {}),
    createdAt: now,
    updatedAt: now,
  });
  await setComponents(ctx, id, t.attached);
  await setCoupons(ctx, id, t.coupons);
  // A coupon's cycle is counted when, and only when, a started period's invoice carries it: outside
  // a trial the up-front charge is the first regular period.
  for (const c of t.coupons) {
    if (carriesCoupon(lines, c.couponCode)) {
      await ctx.db
        .update(subscriptionCoupons)
        .set({ cyclesApplied: 1 })
        .where(and(eq(subscriptionCoupons.subscriptionId, id), eq(subscriptionCoupons.couponId, c.id)));
    }
  }

  const { invoiceId } = await createInvoiceForSubscription(writer, {
    customerAccountId: t.account.id,
    subscriptionId: id,
    periodStart: t.start,
    dueDate: t.start,
    lines,
    issued: !charging,
  });
  await recordPeriod(ctx, { subscriptionId: id, periodStart: t.start, periodEnd: t.renewal, invoiceId });
  if (total > 0 && override) {
    await createPayment.stepped({
      ctx,
      input: {
        customer_account_id: t.account.id,
        apply_to_prepaid_balance: "N",
        override_billing: "Y",
        amount: total,
        invoice_id: invoiceId,
        payment_gateway: input.payment_gateway ?? "override_initial_billing",
        payment_transaction_id: input.payment_transaction_id ?? null,
      } as never,
    });
  } else if (charging) {
    // Commits the pending subscription with the attempt, calls the gateway outside any transaction.
    const charged = await chargeInvoice.stepped({ ctx: writer, input: { invoiceId, payMethodId: t.payMethod!.id } });
    // The answer was lost: it stays pending (committed with the attempt) until it is settled.
    if (charged.status === "pending") throw stillPending(charged.paymentId ?? invoiceId);
    if (charged.status === "failed") {
      await discardPending(ctx, id);
      await commitSoFar(ctx); // the refusal below rolls back only what follows
      throw new DomainError("PAYMENT_DECLINED", `The initial charge of ${formatAmount(total, ctx.brand.currency)} was declined: ${charged.reason}`, {
        parameter: "pay_method_id",
      });
    }
    const d = (await activatePending(ctx, id)) ?? (await loadSubscription(ctx, id)); // or settled by the janitor meanwhile
    return subscriptionView(ctx, d);
  }

  const d = await loadSubscription(ctx, id);
  await emitSubscriptionEvent(ctx, "Subscription/Create", d);
  await postActionUrl(ctx, d, "new_subscription");
  // A short trial can put the first renewal inside the 72-hour window right away.
  if (t.renewal && t.renewal <= invoiceHorizon(now, ctx.brand.timezoneId)) await requestInvoiceGeneration(ctx, [id]);
  return subscriptionView(ctx, d);
});
