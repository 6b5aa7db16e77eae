/**
 * The invoice PDF reads its invoice through lib/invoices/read.ts and its payments through
 * lib/payments/read.ts (issue 30 item 2), the credit note PDF its invoice likewise: the text of
 * every page stays what it was (the snapshot was taken before), for staff and for the customer, and
 * what each may read is unchanged (a customer: their own invoices that are not deleted).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { contextFromStaffSession, type Context } from "../lib/auth/context";
import { creditNotePdf } from "../lib/documents/credit-note-pdf";
import { invoicePdf, invoicePdfResponse } from "../lib/documents/invoice-pdf";
import { ok, makeTenant, type Tenant } from "./support/api";
import { makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway } from "./support/payments";
import { pdfText } from "../e2e/support/browser";

const noLogo = { fetchLogo: async () => null };
const customer = (ctx: Context, customerAccountId: string): Context => ({
  ...ctx,
  actor: { kind: "customer", customerAccountId, userId: randomUUID(), accessLevel: "ADMIN" },
});

let t: Tenant;
let staff: Context;
let owner: string;
let stranger: string;
let email: string;
/** The subscription's initial invoice (a discount, tax, a period), partly paid, a charge declined, a payment reversed. */
let open: string;
/** An invoice paid in part and deleted: a credit note against it. */
let voided: string;
let note: string;

const payment = (invoice: string, amount: string, extra: Record<string, string> = { override_billing: "Y" }) =>
  ok(t, "json", "Payment/Create", {
    method: "POST",
    params: { customer_account_id: owner, invoice_id: invoice, apply_to_prepaid_balance: "N", amount, ...extra },
  });

beforeAll(async () => {
  const live = await makeTenant();
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Documents", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y", support_email: "help@example.com" },
  });
  t = { ...live, brand_id: brand.brand.brand_id };
  await ok(t, "json", "Brand/Update", {
    method: "PATCH",
    params: { update_brand_id: t.brand_id, legal_name: "Documents Ltd", address: "1 Ledger Lane\nSpringfield", country: "US", tax_id: "US-99-1234567" },
  });
  await ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2027-03-01T09:00:00Z" } });
  await makeGateway(t);
  await ok(t, "json", "TaxRate/Create", { method: "POST", params: { name: "Sales tax", percentage: "8.875", country: "US" } });
  [owner, stranger] = await Promise.all([makeAccount(t), makeAccount(t)]);
  email = (await ok(t, "json", "Account/List", { params: { customer_account_id: owner } })).customer_accounts[0].email_address;
  const group = (await makeGroup(t)).product_group_id;
  const product = await makeProduct(t, group, {
    name: "Monthly",
    expiration_interval: "1",
    interval_unit: "month",
    setup_fee: "5.00",
    recurring_price: "30.00",
  });
  await makeCoupon(t, { coupon_code: "SPRING", name: "Spring", discount_type: "amount", discount_value: "2.00", duration: "forever" });
  const created = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: owner, product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N", coupon_code: "SPRING" },
  });
  const subscriptionId = created.subscription.subscription_id as string;
  // The initial invoice marked paid by the override: the renewal's invoice is the open one.
  await ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2027-03-30T10:00:00Z" } });
  const invoices = (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as {
    invoice_id: string;
    billing_period_start: string;
  }[];
  open = invoices.find((i) => i.billing_period_start === "4/1/2027")!.invoice_id;
  await payment(open, "10.00");
  const reversed = (await payment(open, "1.25")).payment.payment_id;
  await ok(t, "json", "Payment/Delete", { method: "DELETE", params: { payment_id: reversed, customer_account_id: owner, invoice_id: open } });
  const declining = await makeCard(t, owner, CARDS.declines, { require_verification: "N" });
  await ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2027-03-30T15:30:00Z" } });
  await payment(open, "3.00", { override_billing: "N", pay_method_id: declining }).catch(() => null);

  voided = (
    await ok(t, "json", "Invoice/Create", {
      method: "POST",
      params: {
        customer_account_id: owner,
        due_date: "4/15/2027",
        attached_items: JSON.stringify([
          { item_name: "Consulting", item_price: "25.00", tax_exempt: "N", quantity: "2" },
          { item_name: "Travel", item_price: "7.50", tax_exempt: "Y" },
        ]),
      },
    })
  ).invoice.invoice_id;
  await payment(voided, "12.50");
  await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: voided, customer_account_id: owner } });
  note = (await ok(t, "json", "CreditNote/List", { params: { invoice_id: voided } })).credit_notes[0].credit_note_id;
  staff = await contextFromStaffSession(await getDb(), { staffUserId: t.staffUserId, brandId: t.brand_id });
});

/** Its text (one page), the customer's random email replaced. */
const shown = async (pdf: { bytes: Uint8Array }) => (await pdfText(pdf.bytes)).trimEnd().replaceAll(email, "<email>");

describe("the invoice PDF, read through the read modules", () => {
  it("says what it said: the lines, discounts, taxes, totals, credit notes and payments (pending ones left out), for staff and the customer", async () => {
    const texts = {
      staffOpen: await shown(await invoicePdf(staff, open, noLogo)),
      customerOpen: await shown(await invoicePdf(customer(staff, owner), open, noLogo)),
      staffVoided: await shown(await invoicePdf(staff, voided, noLogo)),
      customerCreditNote: await shown(await creditNotePdf(customer(staff, owner), note, noLogo)),
    };
    expect(texts).toMatchSnapshot();
  });

  it("is the brand's staff's for any of its invoices, deleted ones too; a customer's only for their own that are not deleted", async () => {
    expect((await invoicePdfResponse(staff, voided)).status).toBe(200);
    expect((await invoicePdfResponse(customer(staff, owner), open)).status).toBe(200);
    const refused = await invoicePdfResponse(customer(staff, owner), voided);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Invoice not found");
    expect((await invoicePdfResponse(customer(staff, stranger), open)).status).toBe(404);
    expect((await invoicePdfResponse(staff, "not-an-id")).status).toBe(404);
    expect((await invoicePdfResponse(staff, randomUUID())).status).toBe(404);
    // The credit note of a deleted invoice is still its customer's to read, with the invoice it credits.
    expect((await creditNotePdf(customer(staff, owner), note, noLogo)).filename).toMatch(/^credit-note-/);
  });
});
