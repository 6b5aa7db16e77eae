import { and, eq, sql } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { customerAccounts, invoices, payments } from "../../db/schema";
import { anyOf, inBrand, sqlArray } from "../../db/scope";
import type { Context } from "../auth/context";
import { formatWireDate } from "../dates";
import type { ChargeResult } from "../gateways/providers/types";
import { newId } from "../ids";
import { brandToday } from "../brand-time";
import { invoicePayload } from "../invoices/events";
import { withAmounts } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { formatAmount } from "../money";
import { deliveryDueAt } from "../outbox/emit";
import { wakeOutbox } from "../outbox/wake";
import { afterCommit } from "../run-verb";
import { customerPayload } from "../accounts/customer";
import type { PaymentRow } from "./queries";

/** A charge attempt committed as pending, and its gateway's answer. */
export interface AnsweredAttempt {
  payment: PaymentRow;
  result: ChargeResult;
}

/**
 * Settles many invoice charge attempts with their gateways' answers in a few statements, as
 * recordOutcome (./attempts.ts) does one by one: each only while it is still pending (the janitor
 * or a retry may have settled it by its key meanwhile), and every success emits its Payment/Create
 * event. Answers how each attempt stands now (settled here or elsewhere).
 */
export async function recordOutcomes({ ctx, input: answered }: { ctx: Context; input: AnsweredAttempt[] }): Promise<Map<string, PaymentRow["status"]>> {
  const status = new Map<string, PaymentRow["status"]>();
  if (!answered.length) return status;
  const now = ctx.now();
  const settle = async (list: AnsweredAttempt[], set: Record<string, unknown>): Promise<Settled[]> => {
    if (!list.length) return [];
    const ids = sqlArray(
      list.map((a) => a.payment.id),
      "uuid[]",
    );
    // Nullable text travels as '' (an array literal has no null for a quoted element).
    const texts = (f: (a: AnsweredAttempt) => string | null) =>
      sqlArray(
        list.map((a) => f(a) ?? ""),
        "text[]",
      );
    return ctx.db
      .update(payments)
      .set({ ...set, updatedAt: now })
      .from(
        sql`unnest(${ids}, ${texts((a) => a.result.transactionId)}, ${texts((a) => (a.result.status === "failed" ? a.result.reason : null))}) as answer(id, transaction_id, reason)`,
      )
      .where(and(eq(payments.id, sql`answer.id`), eq(payments.status, "pending")))
      .returning(SETTLED);
  };
  const succeeded = await settle(
    answered.filter((a) => a.result.status === "succeeded"),
    { status: "succeeded", paymentTransactionId: sql`nullif(answer.transaction_id, '')` },
  );
  const failed = await settle(
    answered.filter((a) => a.result.status === "failed"),
    { status: "failed", paymentTransactionId: sql`nullif(answer.transaction_id, '')`, failureReason: sql`answer.reason` },
  );
  for (const p of [...succeeded, ...failed]) status.set(p.id, p.status);
  const elsewhere = answered.filter((a) => !status.has(a.payment.id)).map((a) => a.payment.id);
  if (elsewhere.length) {
    for (const p of await selectRows(ctx.db, payments, { where: anyOf(payments.id, elsewhere) })) status.set(p.id, p.status);
  }
  await emitPaymentsCreated(ctx, succeeded);
  return status;
}

/** What a settled attempt's row is read back for (every column of a thousand rows cost more to map than the update). */
const SETTLED = {
  id: payments.id,
  status: payments.status,
  invoiceId: payments.invoiceId,
  customerAccountId: payments.customerAccountId,
  amount: payments.amount,
  paymentTransactionId: payments.paymentTransactionId,
};
type Settled = Pick<PaymentRow, keyof typeof SETTLED>;

/** postSucceeded (./attempts.ts) for many invoice payments: their Payment/Create events, in one statement. */
async function emitPaymentsCreated(ctx: Context, paid: Settled[]) {
  if (!paid.length) return;
  const accountIds = [...new Set(paid.map((p) => p.customerAccountId))];
  const invoiceIds = [...new Set(paid.map((p) => p.invoiceId!))];
  const [accounts, invoiceRows] = await Promise.all([
    selectRows(ctx.db, customerAccounts, { where: inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, accountIds)) }),
    selectRows(ctx.db, invoices, { where: inBrand(ctx, invoices, anyOf(invoices.id, invoiceIds)) }),
  ]);
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const invoiceById = new Map((await withAmounts(ctx, invoiceRows)).map((d) => [d.row.id, invoiceView(d)]));
  const paymentDate = formatWireDate(brandToday(ctx));
  const payloads = paid.map((p) => ({
    ...customerPayload(accountById.get(p.customerAccountId)!),
    payment: {
      payment_id: p.id,
      invoice_id: p.invoiceId,
      amount: formatAmount(p.amount, ctx.brand.currency),
      currency: ctx.brand.currency,
      payment_date: paymentDate,
      payment_transaction_id: p.paymentTransactionId,
    },
    invoice: invoicePayload(invoiceById.get(p.invoiceId!)!),
  }));
  const now = ctx.now();
  await ctx.db.execute(sql`
    insert into outbox_events (id, brand_id, type, payload, next_attempt_at, created_at)
    select id, ${ctx.brand.id}::uuid, 'Payment/Create', events.payloads -> (n::int - 1), ${deliveryDueAt(ctx.brand, now).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(
      paid.map(() => newId()),
      "uuid[]",
    )}) with ordinality as x(id, n),
         (select ${JSON.stringify(payloads)}::jsonb as payloads) as events`);
  afterCommit(ctx, wakeOutbox);
}
