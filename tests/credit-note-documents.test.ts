/**
 * Issue 31, credit notes where people read them: the credit note PDF (seller, buyer, number, date,
 * the invoice it credits, amount, reason, where the money went; named by its number), served to the
 * brand's staff and to the owning customer only; the invoice PDF lists the ones against it; the
 * dashboard's CSV export holds the API's fields (plain decimals and a currency column); the list's
 * search finds a credit note by its invoice's number; every reason and destination has words.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "../db/client";
import { brands, CREDIT_NOTE_DESTINATIONS, CREDIT_NOTE_REASONS } from "../db/schema";
import { contextFromStaffSession, systemContext, type Context } from "../lib/auth/context";
import { creditNotePdf, creditNotePdfResponse } from "../lib/documents/credit-note-pdf";
import { invoicePdf } from "../lib/documents/invoice-pdf";
import { csvStream, DASHBOARD_LISTS, dashboardList } from "../lib/dashboard/exports";
import { creditNotesPage, listCreditNotesPage } from "../lib/credit-notes/list";
import { statusLabel } from "../lib/format";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeAccount, makeInvoice } from "./support/payments";

let t: Tenant;
let other: Tenant;
let staff: Context;
let owner: string;
let stranger: string;
let invoice: { invoice_id: string; number: string };
let note: { credit_note_id: string; number: string };

const noLogo = { fetchLogo: async () => null };
const customer = (ctx: Context, customerAccountId: string): Context => ({
  ...ctx,
  actor: { kind: "customer", customerAccountId, userId: randomUUID(), accessLevel: "ADMIN" },
});
async function pdfText(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
  return (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join("\n");
}

beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
  await ok(t, "json", "Brand/Update", {
    method: "PATCH",
    params: { update_brand_id: t.brand_id, legal_name: "Credit Seller Ltd", address: "1 Ledger Lane\nSpringfield", country: "US", tax_id: "US-99-1234567" },
  });
  [owner, stranger] = await Promise.all([makeAccount(t), makeAccount(t)]);
  const id = await makeInvoice(t, owner, "30.00");
  await ok(t, "json", "Payment/Create", {
    method: "POST",
    params: { customer_account_id: owner, invoice_id: id, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "12.50" },
  });
  invoice = (await ok(t, "json", "Invoice/List", { params: { invoice_id: id } })).invoices[0];
  await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: id, customer_account_id: owner } });
  note = (await ok(t, "json", "CreditNote/List", { params: { invoice_id: id } })).credit_notes[0];
  const db = await getDb();
  staff = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
});

describe("the credit note PDF", () => {
  it("says the seller, the buyer, its number and date, the invoice it credits, the amount, why and where the money went", async () => {
    const pdf = await creditNotePdf(staff, note.credit_note_id, noLogo);
    expect(pdf.filename).toBe(`credit-note-${note.number}.pdf`);
    const text = await pdfText(pdf.bytes);
    for (const part of [
      "CREDIT NOTE",
      `Number ${note.number}`,
      `Credits Invoice ${invoice.number}`,
      "Credit Seller Ltd",
      "1 Ledger Lane",
      "Tax ID US-99-1234567",
      "$12.50",
      "$30.00",
      "USD",
      "Invoice voided",
      "Added to your prepaid balance",
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).toMatch(/Issued [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it("the invoice's PDF lists the credit notes against it", async () => {
    const text = await pdfText((await invoicePdf(staff, invoice.invoice_id, noLogo)).bytes);
    expect(text).toContain("Credit notes");
    expect(text).toContain(note.number);
    expect(text).toContain("Invoice voided");
  });

  it("is served to the brand's staff and the owning customer; another customer's or another brand's is 404", async () => {
    const staffAnswer = await creditNotePdfResponse(staff, note.credit_note_id);
    expect(staffAnswer.status).toBe(200);
    expect(staffAnswer.headers.get("content-type")).toBe("application/pdf");
    expect(staffAnswer.headers.get("content-disposition")).toBe(`attachment; filename="credit-note-${note.number}.pdf"`);
    expect(staffAnswer.headers.get("cache-control")).toBe("private, no-store");
    expect((await creditNotePdfResponse(customer(staff, owner), note.credit_note_id)).status).toBe(200);

    const refused = await creditNotePdfResponse(customer(staff, stranger), note.credit_note_id);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Credit note not found");
    const db = await getDb();
    const [otherBrand] = await db.select().from(brands).where(eq(brands.id, other.brand_id));
    expect((await creditNotePdfResponse(systemContext(db, otherBrand), note.credit_note_id)).status).toBe(404);
    expect((await creditNotePdfResponse(staff, "not-an-id")).status).toBe(404);
    expect((await creditNotePdfResponse(staff, randomUUID())).status).toBe(404);
  });
});

describe("the credit notes list and its CSV export", () => {
  it("the dashboard's page reads each credit note with its invoice's number and its customer's name; a customer sees only their own", async () => {
    const { rows, total } = await creditNotesPage(staff, { filters: { customerAccountId: owner } });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      id: note.credit_note_id,
      invoiceNumber: invoice.number,
      invoiceVoid: true,
      amountCents: 1250,
      currency: "USD",
      reason: "deleted",
    });
    expect(rows[0].customerName).toMatch(/\S/);
    // q finds it by the credited invoice's number, as well as by its own.
    for (const q of [invoice.number, note.number])
      expect((await listCreditNotesPage(staff, { filters: { q } })).rows.map((r) => r.id)).toEqual([note.credit_note_id]);
    expect((await listCreditNotesPage(customer(staff, stranger), {})).rows).toEqual([]);
    expect((await listCreditNotesPage(customer(staff, owner), {})).rows.map((r) => r.id)).toEqual([note.credit_note_id]);
  });

  it("the CSV holds the API's fields: plain decimals and a currency column, filtered as the page's URL says", async () => {
    const spec = dashboardList("credit-notes")!;
    expect(spec).toBe(DASHBOARD_LISTS["credit-notes"]);
    const csv = await new Response(csvStream(staff, spec, { q: "", filters: { invoice_id: invoice.invoice_id } })).text();
    const [header, row, ...rest] = csv.trim().split("\n");
    expect(rest).toEqual([]);
    const columns = header.split(",");
    expect(columns).toEqual([
      "credit_note_id",
      "number",
      "customer_account_id",
      "invoice_id",
      "payment_id",
      "amount",
      "currency",
      "reason",
      "destination",
      "subtotal",
      "tax_total",
      "taxes",
      "created",
    ]);
    const cells = Object.fromEntries(columns.map((c, i) => [c, row.split(",")[i]]));
    expect(cells).toMatchObject({
      credit_note_id: note.credit_note_id,
      number: note.number,
      amount: "12.50",
      currency: "USD",
      reason: "deleted",
      destination: "prepaid_balance",
    });
    // Another customer's filter: an empty file.
    expect(await new Response(csvStream(staff, spec, { q: "", filters: { customer_account_id: stranger } })).text()).toBe("");
    // The page's URL filters: ids only where ids go.
    expect(Object.keys(spec.urlFilters)).toEqual(
      expect.arrayContaining(["customer_account_id", "invoice_id", "number", "reason", "created_from", "created_to"]),
    );
    expect((spec.urlFilters.invoice_id as (v: string) => boolean)("nope")).toBe(false);
  });
});

describe("words for credit notes", () => {
  it("every reason and destination has words for staff and for customers, never the code", () => {
    for (const r of CREDIT_NOTE_REASONS) for (const who of ["staff", "customer"] as const) expect(statusLabel("credit_reason", r, who)).not.toBe(r);
    for (const d of CREDIT_NOTE_DESTINATIONS) for (const who of ["staff", "customer"] as const) expect(statusLabel("credit_destination", d, who)).not.toBe(d);
  });
});
