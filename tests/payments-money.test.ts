/**
 * Money properties (fast-check): whatever sequence of payments and reversals an invoice sees, its
 * status and balance agree with the sum of its payments, and the balance is never negative and
 * never above the total.
 */
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { invoiceAmounts, INVOICE_STATUS } from "../lib/invoices/amounts";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { getInvoice, makeAccount, makeCard, makeGateway } from "./support/payments";

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (c: number) => (c / 100).toFixed(2);
const expectedStatus = (total: number, paid: number) =>
  paid >= total ? INVOICE_STATUS.PAID : paid > 0 ? INVOICE_STATUS.PARTIALLY_PAID : INVOICE_STATUS.UNPAID;

describe("invoiceAmounts", () => {
  it("balance = total - paid and the status follows, for any lines and any paid amount up to the total", () => {
    const line = fc.record({ itemPrice: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 100 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (lines, share, deleted) => {
        const total = lines.reduce((s, l) => s + l.itemPrice * l.quantity, 0);
        const paid = Math.floor(total * share);
        const a = invoiceAmounts(lines, paid, deleted);
        expect(a.total).toBe(total);
        expect(a.balance).toBe(total - paid);
        expect(a.balance).toBeGreaterThanOrEqual(0);
        expect(a.balance).toBeLessThanOrEqual(a.total);
        expect(a.status).toBe(deleted ? INVOICE_STATUS.DELETED : expectedStatus(total, paid));
      }),
    );
  });
});

type Op = { kind: "pay"; cents: number; by: "recorded" | "card" } | { kind: "reverse"; pick: number };

describe("payments and reversals on one invoice", () => {
  let t: Tenant;
  let account: string;
  let card: string;
  beforeAll(async () => {
    t = await makeTenant();
    await makeGateway(t);
    account = await makeAccount(t);
    card = await makeCard(t, account);
  });

  it("status and balance always agree with the sum of the payments; 0 <= balance <= total", async () => {
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 12_000 }), by: fc.constantFrom("recorded" as const, "card" as const) }),
      fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 3 }), fc.array(op, { maxLength: 8 }), async (prices, ops) => {
        const total = prices.reduce((s, p) => s + p, 0);
        const items = JSON.stringify(prices.map((p, i) => ({ item_name: `Line ${i}`, item_price: amount(p), tax_exempt: "N" })));
        const invoice = (
          await ok(t, "json", "Invoice/Create", { method: "POST", params: { customer_account_id: account, due_date: "1/1/2030", attached_items: items } })
        ).invoice.invoice_id;
        const model: { id: string; cents: number; reversed: boolean }[] = [];

        for (const o of ops) {
          const paid = model.filter((p) => !p.reversed).reduce((s, p) => s + p.cents, 0);
          if (o.kind === "pay") {
            const r = await call("json", "Payment/Create", {
              method: "POST",
              creds: t,
              params: {
                customer_account_id: account,
                invoice_id: invoice,
                apply_to_prepaid_balance: "N",
                override_billing: o.by === "recorded" ? "Y" : "N",
                amount: amount(o.cents),
                ...(o.by === "card" ? { pay_method_id: card } : {}),
              },
            });
            if (o.cents <= total - paid) {
              expect(r.status, r.text).toBe(200);
              model.push({ id: r.body.payment.payment_id, cents: o.cents, reversed: false });
              expect(cents(r.body.invoice.balance)).toBe(total - paid - o.cents);
            } else {
              expect(r.status, r.text).toBe(409); // overpaying is refused
            }
          } else if (model.length) {
            const target = model[o.pick % model.length];
            const r = await call("json", "Payment/Delete", {
              method: "DELETE",
              creds: t,
              params: { payment_id: target.id, customer_account_id: account, invoice_id: invoice },
            });
            expect(r.status, r.text).toBe(target.reversed ? 409 : 200);
            target.reversed = true;
          }

          const now = await getInvoice(t, invoice);
          const sum = model.filter((p) => !p.reversed).reduce((s, p) => s + p.cents, 0);
          expect(cents(now.total)).toBe(total);
          expect(cents(now.amount_paid)).toBe(sum);
          expect(cents(now.balance)).toBe(total - sum);
          expect(cents(now.balance)).toBeGreaterThanOrEqual(0);
          expect(cents(now.balance)).toBeLessThanOrEqual(total);
          expect(Number(now.status)).toBe(expectedStatus(total, sum));
          // The payments on record say the same.
          const listed = (await ok(t, "json", "Payment/List", { params: { invoice_id: invoice } })).payments as any[];
          expect(listed.filter((p) => p.payment_status === "succeeded").reduce((s, p) => s + cents(p.amount), 0)).toBe(sum);
        }
      }),
      { numRuns: 40 },
    );
  });
});
