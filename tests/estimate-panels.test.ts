/**
 * The estimate's screens (issue 30 item 2): the dashboard's new subscription and change panels and the
 * portal's change preview read the estimate's read row (EstimateRead) and format it through
 * lib/format.ts like every other page ("$31.00", "Dec 28, 2026"), never the API's "31.00" and
 * "12/28/2026"; every one says its amounts are before tax.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { InvoiceLine } from "../db/schema";
import { formatsFor } from "../lib/format";
import type { ChangeEstimateRead, NewSubscriptionEstimate } from "../lib/subscriptions/read";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, refresh() {} }), usePathname: () => "/", useSearchParams: () => new URLSearchParams() }));
vi.mock("next/link", () => ({ default: ({ href, children }: { href: string; children?: ReactNode }) => h("a", { href }, children) }));
// The panels' server actions: not called here.
vi.mock("@/app/_auth/staff-action", () => ({ staffAction: () => async () => ({ ok: true, data: {} }) }));
vi.mock("@/app/_auth/session", () => ({ getStaffSession: async () => null }));

const dash = "../app/(dashboard)/dashboard/[brandId]/subscriptions/_components";
const { EstimateFacts, BEFORE_TAX } = await import(`${dash}/estimate-panel`);
const { ChangeEstimateFacts } = await import(`${dash}/change-estimate-panel`);
const { EstimatePreview } = await import("../app/(portal)/portal/(signed-in)/subscriptions/[subscriptionId]/_components/estimate");

/** Markup as text: tags dropped, React's comment markers too. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const line = (itemName: string, itemPrice: number, quantity = 1, kind: InvoiceLine["kind"] = "recurring"): InvoiceLine => ({
  itemName,
  itemPrice,
  quantity,
  kind,
  taxExempt: "N",
  componentId: null,
});

const fresh: NewSubscriptionEstimate = {
  kind: "new",
  customerAccountId: "a1",
  productId: "p1",
  autoPay: null,
  upfrontCents: 3100,
  upfrontLines: [
    { kind: "setup_fee", name: "Setup", amountCents: 500, quantity: 1 },
    { kind: "recurring", name: "Pro", amountCents: 2000, quantity: 1 },
    { kind: "component", name: "Extra seat", amountCents: 600, quantity: 2, componentId: "c1" },
  ],
  initialInvoiceMarkedPaid: false,
  trial: false,
  nextRenewal: { date: "2026-12-28", totalCents: 2600, withAutoPayCents: 2400, lines: [] },
  payMethodStatus: "verified",
  currency: "USD",
};

const change: ChangeEstimateRead = {
  kind: "change",
  subscriptionId: "s1",
  customerAccountId: "a1",
  productId: "p2",
  autoPay: true,
  chargedNowCents: 2032,
  proratedCreditCents: 0,
  prorationDaysLeft: 21,
  prorationPeriodDays: 31,
  proratedFromPrepaidCents: 0,
  prepaidCreditCents: 0,
  prepaidTakenBackCents: 0,
  adjustmentInvoicedCents: 0,
  adjustmentWithdrawnCents: 0,
  repricedCreditCents: 0,
  currency: "USD",
  before: {
    renewalDate: "2027-04-01",
    generated: false,
    final: false,
    lines: [line("Basic", 3000)],
    usageLines: [],
    issued: 3000,
    adjustments: 0,
    credited: 0,
    total: 3000,
    paid: 0,
    balance: 3000,
  },
  after: {
    renewalDate: "2027-04-01",
    generated: true,
    final: false,
    lines: [line("Pro", 6000), line("Seat", 310, 2, "component")],
    usageLines: [line("Calls", 25, 37, "usage")],
    issued: 6620,
    adjustments: 0,
    credited: 0,
    total: 7545,
    paid: 1000,
    balance: 6545,
  },
};

describe("the dashboard's estimate panels", () => {
  it("show a new subscription's estimate in the dashboard's formats, before tax, its charges due now line by line", () => {
    const shown = text(renderToStaticMarkup(h(EstimateFacts, { e: fresh })));
    expect(shown).toContain("Due now $31.00 before tax");
    expect(shown).toContain("Next renewal Dec 28, 2026: $26.00 before tax ($24.00 with auto pay)");
    expect(shown).toContain("Pay method verified");
    expect(shown).toContain("Extra seat 2 $6.00");
    expect(shown).not.toMatch(/12\/28\/2026|[^$]31\.00/);
    expect(BEFORE_TAX).toMatch(/before tax/);
    const once = text(renderToStaticMarkup(h(EstimateFacts, { e: { ...fresh, trial: true, upfrontCents: 0, upfrontLines: [], nextRenewal: null } })));
    expect(once).toContain("Due now $0.00 before tax (trial)");
    expect(once).toContain("Next renewal None (a one-time purchase)");
  });

  it("show a change's estimate: charged now, the next invoice against now, what is paid and due, its lines and usage, amounts that are zero left out", () => {
    const shown = text(renderToStaticMarkup(h(ChangeEstimateFacts, { e: change })));
    expect(shown).toContain("Charged now $20.32 before tax (the 21 days left of 31 in this period, prorated)");
    expect(shown).toContain("Next invoice Apr 1, 2027: $75.45 before tax (now $30.00); issued already and repriced: $10.00 paid, $65.45 due");
    expect(shown).toContain("Seat 2 $6.20");
    expect(shown).toContain("Calls 37 $9.25");
    expect(shown).not.toContain("Credited now");
    expect(shown).not.toContain("prepaid balance");
    const final = text(
      renderToStaticMarkup(
        h(ChangeEstimateFacts, {
          e: { ...change, chargedNowCents: 0, repricedCreditCents: 150, prepaidCreditCents: 75, after: { ...change.after!, final: true } },
        }),
      ),
    );
    expect(final).toContain("Charged now $0.00 Next invoice");
    expect(final).toContain("issued and paid already, so its lines stay as issued ($66.20)");
    expect(final).toContain("Credit note on the paid renewal invoice $1.50");
    expect(final).toContain("To the prepaid balance $0.75");
  });
});

describe("the portal's change preview", () => {
  it("says what the change costs in the customer's formats, before tax, line by line", () => {
    const f = formatsFor("en-GB", "Europe/London", "EUR");
    const preview = (e: ChangeEstimateRead) =>
      text(
        renderToStaticMarkup(
          h(EstimatePreview, {
            preview: e,
            date: f.date,
            money: f.money,
            title: "Pro: what you would pay",
            confirmLabel: "Switch to Pro",
            busy: false,
            error: null,
            onConfirm: () => {},
            onBack: () => {},
          }),
        ),
      );
    const shown = preview({ ...change, currency: "EUR" });
    expect(shown).toContain("For the 21 days left of 31 in this period, €20.32 before tax would be invoiced now");
    expect(shown).toContain(
      "Your next invoice, on 1 Apr 2027, would be €75.45 instead of €30.00 , before tax; €10.00 of it is paid already, so €65.45 would be due",
    );
    expect(shown).toContain("Seat × 2 €6.20");
    expect(shown).toContain("Calls × 37 €9.25");
    expect(preview({ ...change, chargedNowCents: 0, proratedCreditCents: 1161 })).toContain("€11.61 would be credited to your prepaid balance now");
  });
});
