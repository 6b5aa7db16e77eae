import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { DomainError, invalidState, notFound } from "../errors";
import { invoiceDetails } from "../invoices/queries";
import type { InvoiceStatus } from "../invoices/amounts";
import { assertChargeable, findPayMethod } from "../pay-methods/queries";
import { attemptCharge } from "./attempts";
import { settlePendingPayments } from "./settle-pending";
import { type StepContext, stepped } from "../run-verb";

export type ChargeInvoiceResult =
  | { status: "succeeded"; paymentId: string; invoiceStatus: InvoiceStatus }
  | { status: "failed"; paymentId: string; reason: string; invoiceStatus: InvoiceStatus }
  /** The gateway's answer was lost; the attempt is settled before any later charge of this invoice. */
  | { status: "pending"; paymentId: string | null; invoiceStatus: InvoiceStatus }
  | { status: "nothing_due"; invoiceStatus: InvoiceStatus };

/**
 * For the billing engine on renewal dates: charges the invoice's whole balance to the pay method
 * through its gateway. Declines and lost answers are results, not errors (the attempt stays on
 * record either way); running it again never charges twice: an earlier attempt whose answer was lost
 * is settled first, and a paid invoice answers nothing_due. Throws NOT_FOUND or INVALID_STATE for
 * a missing or deleted invoice, or a pay method that is not the account's, deleted or unverified.
 */
export const chargeInvoice = stepped(
  async ({
    ctx,
    input: a,
  }: {
    ctx: StepContext;
    /** retry: the number of a declined renewal's retry this charge is (lib/billing/retry-declines.ts). */
    input: { invoiceId: string; payMethodId: string; retry?: number };
  }): Promise<ChargeInvoiceResult> => {
    const [invoice] = await ctx.db
      .select()
      .from(invoices)
      .where(inBrand(ctx, invoices, eq(invoices.id, a.invoiceId)))
      .for("no key update");
    if (!invoice) throw notFound("Invoice", "invoice_id");
    if (invoice.deletedAt) throw invalidState("This invoice is deleted", "invoice_id");
    const payMethod = await findPayMethod(ctx, a.payMethodId, invoice.customerAccountId);
    assertChargeable(payMethod);
    const statusNow = async () => (await invoiceDetails(ctx, invoice)).amounts;
    try {
      await settlePendingPayments(ctx, { invoiceId: invoice.id });
    } catch (err) {
      if (err instanceof DomainError && err.code === "GATEWAY_UNAVAILABLE")
        return { status: "pending", paymentId: null, invoiceStatus: (await statusNow()).status };
      throw err;
    }
    const before = await statusNow();
    if (before.balance <= 0) return { status: "nothing_due", invoiceStatus: before.status };
    const outcome = await attemptCharge(ctx, {
      customerAccountId: invoice.customerAccountId,
      invoiceId: invoice.id,
      payMethod,
      amount: before.balance,
      retry: a.retry,
    });
    const invoiceStatus = (await statusNow()).status;
    const paymentId = outcome.payment.id;
    if (outcome.status === "failed") return { status: "failed", paymentId, reason: outcome.payment.failureReason ?? "declined", invoiceStatus };
    return { status: outcome.status, paymentId, invoiceStatus };
  },
);
