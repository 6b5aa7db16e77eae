import { and, eq, sql } from "drizzle-orm";
import { customerAccounts, payments } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { formatWireDate } from "../dates";
import { invalidState } from "../errors";
import { connectGateway, gatewayById } from "../gateways/queries";
import type { ChargeResult } from "../gateways/providers/types";
import { newId } from "../ids";
import { brandToday } from "../brand-time";
import { invoicePayload } from "../invoices/events";
import { reloadInvoice } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { formatAmount } from "../money";
import { emit } from "../outbox/emit";
import type { PayMethodRow } from "../pay-methods/read";
import { customerPayload } from "../accounts/customer";
import { commitSoFar, outsideTransaction, type StepContext } from "../run-verb";
import { settleCharge } from "./settle-charge";
import type { PaymentRow } from "./queries";

export type AttemptOutcome = { status: "succeeded" | "failed" | "pending"; payment: PaymentRow };

export interface NewCharge {
  customerAccountId: string;
  /** null: the charge goes to the customer's prepaid balance. */
  invoiceId: string | null;
  payMethod: PayMethodRow;
  amount: number;
  /** Which retry of a declined renewal this is (lib/billing/retry-declines.ts). */
  retry?: number;
}

const description = (p: { id: string; invoiceId: string | null }) => (p.invoiceId ? `Invoice ${p.invoiceId}` : "Prepaid balance") + ` (payment ${p.id})`;

/**
 * A real-time charge through the pay method's gateway, in three steps: the attempt is recorded as
 * pending (its id being the idempotency key) and committed, the gateway is called holding no
 * transaction or lock, and the answer settles it in a new transaction. A lost answer stays pending
 * for settlePendingPayments (the janitor of the billing run, or the next charge of the target).
 */
export async function attemptCharge(ctx: StepContext, c: NewCharge): Promise<AttemptOutcome> {
  const gateway = await gatewayById(ctx, c.payMethod.gatewayId);
  if (gateway.deletedAt) throw invalidState("The gateway of this pay method is deleted; add the pay method again on another gateway", "pay_method_id");
  const now = ctx.now();
  const row: PaymentRow = {
    id: newId(),
    brandId: ctx.brand.id,
    customerAccountId: c.customerAccountId,
    invoiceId: c.invoiceId,
    payMethodId: c.payMethod.id,
    gatewayId: gateway.id,
    target: c.invoiceId ? "invoice" : "prepaid_balance",
    processedBy: "gateway",
    amount: c.amount,
    status: "pending",
    retry: c.retry ?? null,
    paymentGateway: gateway.provider,
    paymentTransactionId: null,
    failureReason: null,
    refundTransactionId: null,
    reversedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(payments).values(row);
  const request = { token: c.payMethod.token, amount: row.amount, currency: ctx.brand.currency, idempotencyKey: row.id, description: description(row) };
  const connection = connectGateway(gateway);
  return recordOutcome(ctx, row, await outsideTransaction(ctx, () => settleCharge(connection, request, { askFirst: false })));
}

/** Settles an attempt left pending: asks its gateway by the attempt's key, and only then charges again, with the same key. */
export async function resolveAttempt(ctx: StepContext, pending: PaymentRow, payMethod: PayMethodRow): Promise<AttemptOutcome> {
  const gateway = await gatewayById(ctx, pending.gatewayId!);
  const request = {
    token: payMethod.token,
    amount: pending.amount,
    currency: ctx.brand.currency,
    idempotencyKey: pending.id,
    description: description(pending),
  };
  const connection = connectGateway(gateway);
  return recordOutcome(ctx, pending, await outsideTransaction(ctx, () => settleCharge(connection, request, { askFirst: true })));
}

/**
 * Settles the attempt with the gateway's answer, only while it is still pending: between the steps
 * another request (a retry, the janitor) may have settled the same charge by its key.
 */
async function recordOutcome(ctx: StepContext, row: PaymentRow, result: ChargeResult | null): Promise<AttemptOutcome> {
  if (!result) return { status: "pending", payment: row }; // already on record as pending
  const now = ctx.now();
  const pending = and(eq(payments.id, row.id), eq(payments.status, "pending"));
  if (result.status === "succeeded") {
    const [payment] = await ctx.db
      .update(payments)
      .set({ status: "succeeded", paymentTransactionId: result.transactionId, updatedAt: now })
      .where(pending)
      .returning();
    if (!payment) return settledElsewhere(ctx, row);
    await postSucceeded(ctx, payment);
    return { status: "succeeded", payment };
  }
  const failed = { status: "failed" as const, failureReason: result.reason, paymentTransactionId: result.transactionId, updatedAt: now };
  const [payment] = await ctx.db.update(payments).set(failed).where(pending).returning();
  if (!payment) return settledElsewhere(ctx, row);
  // The decline is on record even though the request answers it with an error (spec, Errors 15).
  await commitSoFar(ctx);
  return { status: "failed", payment };
}

async function settledElsewhere(ctx: Context, row: PaymentRow): Promise<AttemptOutcome> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, row.id));
  return {
    status: payment.status === "succeeded" || payment.status === "reversed" ? "succeeded" : payment.status === "failed" ? "failed" : "pending",
    payment,
  };
}

/** A payment that needs no gateway (recorded with override_billing Y, or out of the prepaid balance), then postSucceeded. */
export async function recordPayment(
  ctx: Context,
  p: Pick<PaymentRow, "customerAccountId" | "invoiceId" | "payMethodId" | "processedBy" | "amount" | "paymentGateway" | "paymentTransactionId">,
) {
  const now = ctx.now();
  const [payment] = await ctx.db
    .insert(payments)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      ...p,
      target: p.invoiceId ? "invoice" : "prepaid_balance",
      status: "succeeded",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await postSucceeded(ctx, payment);
  return payment;
}

/**
 * What follows a payment that went through, however it got there (recorded, charged, or settled
 * later): a prepaid payment credits the balance, and Payment/Create is emitted.
 */
export async function postSucceeded(ctx: Context, payment: PaymentRow) {
  if (payment.target === "prepaid_balance") {
    await ctx.db
      .update(customerAccounts)
      .set({ prepaidBalance: sql`${customerAccounts.prepaidBalance} + ${payment.amount}`, updatedAt: ctx.now() })
      .where(eq(customerAccounts.id, payment.customerAccountId));
  }
  const account = await findAccount(ctx, payment.customerAccountId);
  const invoice = payment.invoiceId ? invoiceView(await reloadInvoice(ctx, payment.invoiceId)) : null;
  await emit(ctx, {
    type: "Payment/Create",
    payload: {
      ...customerPayload(account),
      payment: {
        payment_id: payment.id,
        invoice_id: payment.invoiceId,
        amount: formatAmount(payment.amount, ctx.brand.currency),
        currency: ctx.brand.currency,
        payment_date: formatWireDate(brandToday(ctx)),
        payment_transaction_id: payment.paymentTransactionId,
      },
      ...(invoice ? { invoice: invoicePayload(invoice) } : {}),
    },
  });
}
