import { beforeAll, describe, expect, it } from "vitest";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { FORMATS, getInvoice, makeAccount, makeCard, makeGateway, makeInvoice } from "./support/payments";

/**
 * Issue 31, credit notes: money taken off an issued invoice is a numbered credit note saying where
 * it went, and money received never disappears (Invoice/Delete of a paid invoice, Payment/Delete).
 */
let t: Tenant;
let prefix: string;
beforeAll(async () => {
  t = await makeTenant();
  await makeGateway(t);
  prefix = (await ok(t, "json", "Brand/List", {})).brands.find((b: any) => b.brand_id === t.brand_id)?.invoice_prefix ?? "";
});

const recorded = (account: string, invoice: string, amount: string) =>
  ok(t, "json", "Payment/Create", {
    method: "POST",
    params: { customer_account_id: account, invoice_id: invoice, apply_to_prepaid_balance: "N", override_billing: "Y", amount },
  });
const prepaidOf = async (account: string) =>
  (await ok(t, "json", "Account/List", { params: { customer_account_id: account } })).customer_accounts[0].prepaid_balance;
const notes = async (format: string, params: Record<string, string>) => {
  const body = await ok(t, format, "CreditNote/List", { params });
  const list = format === "xml" ? body.credit_notes?.credit_note : body.credit_notes;
  return (Array.isArray(list) ? list : list ? [list] : []) as any[];
};

describe("Invoice/Delete of an invoice with payments on it", () => {
  for (const format of FORMATS) {
    it(`${format}: moves what was paid to the prepaid balance, recorded by a credit note 'deleted'`, async () => {
      const account = await makeAccount(t);
      const invoice = await makeInvoice(t, account, "30.00");
      await recorded(account, invoice, "12.50");
      await ok(t, format, "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoice, customer_account_id: account } });
      expect(await prepaidOf(account)).toBe("12.50");
      const [note, ...rest] = await notes(format, { invoice_id: invoice });
      expect(rest).toEqual([]);
      expect(note).toMatchObject({ invoice_id: invoice, customer_account_id: account, amount: "12.50", reason: "deleted", destination: "prepaid_balance" });
      expect(note.number).toMatch(/^[A-Z0-9]{2,10}-CN-\d{6,}$/);
      if (prefix) expect(note.number.startsWith(`${prefix}-CN-`)).toBe(true);
      // Deleting again moves nothing more; an unpaid invoice deleted gets no credit note.
      await ok(t, format, "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoice, customer_account_id: account } });
      expect(await prepaidOf(account)).toBe("12.50");
      const unpaid = await makeInvoice(t, account, "5.00");
      await ok(t, format, "Invoice/Delete", { method: "DELETE", params: { invoice_id: unpaid, customer_account_id: account } });
      expect(await notes(format, { invoice_id: unpaid })).toEqual([]);
      // Filters: by id, number, customer; each alone finds it.
      const filters: Record<string, string>[] = [{ credit_note_id: note.credit_note_id }, { number: note.number }, { customer_account_id: account }];
      for (const params of filters) {
        expect((await notes(format, params)).map((n) => n.credit_note_id)).toEqual([note.credit_note_id]);
      }
    });
  }

  it("reversing a payment of the deleted invoice refunds it out of the prepaid balance, with a credit note 'refunded'", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "20.00");
    const paid = await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: account, invoice_id: invoice, apply_to_prepaid_balance: "N", override_billing: "N", amount: "8.00", pay_method_id: card },
    });
    await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoice, customer_account_id: account } });
    expect(await prepaidOf(account)).toBe("8.00");
    await ok(t, "json", "Payment/Delete", {
      method: "DELETE",
      params: { payment_id: paid.payment.payment_id, customer_account_id: account, invoice_id: invoice },
    });
    expect(await prepaidOf(account)).toBe("0.00");
    const list = await notes("json", { invoice_id: invoice });
    expect(list.map((n) => [n.reason, n.destination, n.amount])).toEqual([
      ["refunded", "refund", "8.00"],
      ["deleted", "prepaid_balance", "8.00"],
    ]);
    // Numbered one after the other.
    const seq = (n: string) => Number(n.split("-").at(-1));
    expect(seq(list[0].number)).toBe(seq(list[1].number) + 1);
  });
});

describe("Payment/Delete", () => {
  it("a reversed payment on a live invoice is a credit note 'refunded' (refund); the invoice owes it again", async () => {
    const account = await makeAccount(t);
    const invoice = await makeInvoice(t, account, "10.00");
    const paid = await recorded(account, invoice, "4.00");
    await ok(t, "xml", "Payment/Delete", {
      method: "DELETE",
      params: { payment_id: paid.payment.payment_id, customer_account_id: account, invoice_id: invoice },
    });
    expect(await getInvoice(t, invoice)).toMatchObject({ balance: "10.00", total: "10.00" });
    expect((await notes("xml", { invoice_id: invoice })).map((n) => [n.reason, n.destination, n.amount])).toEqual([["refunded", "refund", "4.00"]]);
    expect(await prepaidOf(account)).toBe("0.00");
  });
});

describe("CreditNote/List", () => {
  it("another brand's credit notes are not listed, and GET only", async () => {
    const other = await makeTenant();
    expect((await notes("json", { customer_account_id: await makeAccount(other) })).length).toBe(0);
    expect((await call("json", "CreditNote/List", { method: "POST", creds: t })).status).toBe(405);
  });
});
