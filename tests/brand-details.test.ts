import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, makeTenant, ok, type Tenant } from "./support/api";
import { makeAccount, makeInvoice } from "./support/payments";
import { getDb } from "../db/client";
import { invoices } from "../db/schema";
import { asc, eq } from "drizzle-orm";

/** Issue 31, brand details for documents: legal_name, address, country, tax_id and invoice_prefix. */

const fields = { name: "Acme Streaming", description: "Plans", logo_url: "https://cdn.example.com/logo.png" };

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

const asBrand = (brandId: string): Tenant => ({ ...t, brand_id: brandId });
const brandOf = (format: string, body: { brand: Record<string, string> }) => body.brand;
const listed = async (format: string, brandId: string) => {
  const list = (await ok(t, format, "Brand/List", { params: { search_brand_id: brandId } })).brands;
  return format === "json" ? list[0] : list.brand;
};

describe("Brand legal details", () => {
  for (const format of ["json", "xml"]) {
    it(`${format}: Brand/Create takes them and Brand/List and Update answer them; address lines travel joined by line feeds`, async () => {
      const made = brandOf(
        format,
        await ok(t, format, "Brand/Create", {
          method: "POST",
          params: {
            ...fields,
            legal_name: "Acme Streaming Ltd",
            address: " 1 Main Street \r\n\r\nSpringfield, IL 62701\r\n",
            country: "us",
            tax_id: "US-12-3456789",
            invoice_prefix: "acme",
          },
        }),
      );
      const expected = {
        legal_name: "Acme Streaming Ltd",
        address: "1 Main Street\nSpringfield, IL 62701",
        country: "US",
        tax_id: "US-12-3456789",
        invoice_prefix: "ACME",
      };
      expect(made).toMatchObject(expected);
      expect(await listed(format, made.brand_id)).toMatchObject(expected);
      const updated = brandOf(
        format,
        await ok(t, format, "Brand/Update", {
          method: "PATCH",
          params: { update_brand_id: made.brand_id, country: "DE", tax_id: "", legal_name: "Acme GmbH" },
        }),
      );
      expect(updated).toMatchObject({ country: "DE", tax_id: "", legal_name: "Acme GmbH", address: expected.address, invoice_prefix: "ACME" });
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: made.brand_id } });
    });

    it(`${format}: a bad country, prefix or address is a 400 naming it`, async () => {
      const bad: [string, string][] = [
        ["country", "XX"],
        ["country", "USA"],
        ["invoice_prefix", "A"],
        ["invoice_prefix", "ABCDEFGHIJK"],
        ["invoice_prefix", "AC-ME"],
        ["invoice_prefix", "ÄCME"],
        ["address", "1\n2\n3\n4\n5\n6\n7"],
        ["address", "x".repeat(101)],
        ["tax_id", "x".repeat(51)],
      ];
      for (const [param, value] of bad) {
        const r = await call(format, "Brand/Create", { method: "POST", creds: t, params: { ...fields, [param]: value } });
        expect(r.status, `${param}=${value}: ${r.text}`).toBe(400);
        expect(errorOf(r).parameter).toBe(param);
      }
    });
  }

  it("a brand's prefix defaults from its name; cleared, it comes back; a change names only invoices numbered afterwards", async () => {
    const made = (await ok(t, "json", "Brand/Create", { method: "POST", params: fields })).brand;
    expect(made).toMatchObject({ invoice_prefix: "AS", legal_name: "", address: "", country: "", tax_id: "" });
    const b = asBrand(made.brand_id);
    const account = await makeAccount(b);
    await makeInvoice(b, account, "1.00");
    await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: made.brand_id, invoice_prefix: "zz9" } });
    await makeInvoice(b, account, "1.00");
    const cleared = (await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: made.brand_id, invoice_prefix: "" } })).brand;
    expect(cleared.invoice_prefix).toBe("AS");
    await makeInvoice(b, account, "1.00");
    const db = await getDb();
    const numbers = (await db.select({ n: invoices.number }).from(invoices).where(eq(invoices.brandId, made.brand_id)).orderBy(asc(invoices.createdAt))).map(
      (r) => r.n,
    );
    expect(numbers).toEqual(["AS-000001", "ZZ9-000002", "AS-000003"]);
  });
});
