/**
 * Full card numbers: accepted as PayMethod/Create's card_number (handed to the gateway to tokenize),
 * refused in free text (names, descriptions, messages, addresses), and never found in the database, logs
 * or answers. Opaque values (ids, custom fields, phone numbers) are not read for card numbers.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { endpoints } from "../lib/api/endpoints";
import { DomainError } from "../lib/errors";
import { containsCardNumber, FREE_TEXT_PARAMETERS, isCardNumber, luhnValid, refuseCardNumbers } from "../lib/gateways/card-numbers";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { CARDS, dumpDatabase, expectRefusal, makeAccount, makeCard, makeGateway, makeInvoice } from "./support/payments";
import { productParams } from "./support/fixtures";

/** A Luhn-valid number of the given length and first digit. */
function luhnNumber(first: number, body: number[], length: number) {
  const digits = [first, ...body]
    .slice(0, length - 1)
    .join("")
    .padEnd(length - 1, "0");
  for (let check = 0; check < 10; check++) if (luhnValid(digits + check)) return digits + check;
  throw new Error("unreachable");
}

describe("the card number check", () => {
  it("finds Luhn-valid 13 to 19 digit numbers, also spaced or dashed, also inside text", () => {
    for (const n of [CARDS.ok, "4000 0000 0000 0002", "4000-0000-0000-0119", "378282246310005", "6011111111111117", "5555555555554444"]) {
      expect(containsCardNumber(n), n).toBe(true);
      expect(containsCardNumber(`card: ${n} (thanks)`), n).toBe(true);
    }
    expect(containsCardNumber("order 12 4242 4242 4242 4242")).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
        fc.integer({ min: 13, max: 19 }),
        (first, body, length) => {
          expect(containsCardNumber(`x${luhnNumber(first, body, length)}y`)).toBe(true);
        },
      ),
    );
  });

  it("leaves ordinary values alone", () => {
    for (const s of [
      "4242424242424241",
      "424242424242",
      "25.00",
      "12/31/2026",
      "0190a0b0-0000-7000-8000-000000000001",
      "+1 555 123 4567",
      "2026-11-22T10:04:05Z",
      "sk_test_abcdefghijkl",
    ]) {
      expect(containsCardNumber(s), s).toBe(false);
    }
    expect(isCardNumber("1234567812345670")).toBe(false); // Luhn-valid, but not a payment card's first digit
  });

  it("refuses a card number in the free text of every endpoint, and only there", () => {
    const seen = new Set<string>();
    for (const e of endpoints) {
      const path = `${e.resource}/${e.action}`;
      for (const name of [...Object.keys(e.params.shape), "key", "unknown_parameter"]) {
        const attempt = () => refuseCardNumbers({ [name]: `pay with ${CARDS.ok}` });
        if (!FREE_TEXT_PARAMETERS.has(name)) {
          expect(attempt, `${path} ${name}`).not.toThrow();
          continue;
        }
        seen.add(name);
        expect(attempt, `${path} ${name}`).toThrow(DomainError);
        try {
          attempt();
        } catch (err) {
          expect(err).toMatchObject({ code: "INVALID_PARAMETER", parameter: name });
          expect((err as Error).message).not.toContain(CARDS.ok);
        }
      }
    }
    // Every name in the list is a parameter of some endpoint (no typo leaves a field unchecked).
    expect([...FREE_TEXT_PARAMETERS].filter((n) => !seen.has(n))).toEqual([]);
  });
});

describe("record ids", () => {
  it("a UUID whose groups are all digits is not a card number", () => {
    const id = "40000003-0000-7103-8000-000000000002";
    // Read as dash-separated digit groups, its first three groups are a Luhn-valid 16-digit number.
    expect(isCardNumber("4000000300007103")).toBe(true);
    expect(containsCardNumber(id)).toBe(false);
    expect(() => refuseCardNumbers({ description: `about ${id}` })).not.toThrow();
    expect(containsCardNumber(`${id} 4242 4242 4242 4242`)).toBe(true);
  });
});

describe("opaque values (issue 28 item 6)", () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await makeTenant();
  });

  it("a digit run that passes Luhn in a custom field or a phone number is stored as sent; free text still refuses it", async () => {
    const luhn = "4000000300007103"; // passes Luhn: an order reference, not a card
    const phone = "4915 1123 4510 008"; // 15 digits, Luhn-valid
    const group = await ok(t, "json", "ProductGroup/Create", { method: "POST", params: { name: "Plans", description: "Plans" } });
    const product = await ok(t, "json", "Product/Create", {
      method: "POST",
      params: { ...productParams(group.product_group.product_group_id), custom_field_1: `ref-${luhn}` },
    });
    expect(product.product.custom_field_1).toBe(`ref-${luhn}`);
    const account = await ok(t, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "Ada",
        last_name: "Lovelace",
        email_address: "ada@example.com",
        country: "US",
        locale: "en-US",
        timezone_id: "America/New_York",
        phone_number_country_code: "49",
        phone_number: phone,
        skip_notification: "Y",
      },
    });
    expect(account.customer_account.phone_number).toBe(phone);
    const invoice = await ok(t, "json", "Invoice/Create", {
      method: "POST",
      params: {
        customer_account_id: account.customer_account.customer_account_id,
        due_date: "1/1/2030",
        custom_field_1: luhn,
        attached_items: '[{"item_name":"Fee","item_price":"1.00"}]',
      },
    });
    expect(invoice.invoice.custom_field_1).toBe(luhn);
    const refused = await call("json", "Product/Create", {
      method: "POST",
      creds: t,
      params: { ...productParams(group.product_group.product_group_id), name: `Gold ${luhn}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });
  });
});

describe("card numbers are stored nowhere", () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await makeTenant();
    await makeGateway(t);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("after every payment flow, no table, log line or answer holds a full card number; other parameters refuse them", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const logged: string[] = [];
    for (const stream of ["log", "error", "warn", "info"] as const) vi.spyOn(console, stream).mockImplementation((...args) => void logged.push(args.join(" ")));
    const answers: string[] = [];
    const send = async (path: string, method: string, params: Record<string, string>) => {
      const r = await call("json", path, { method, creds: t, params });
      answers.push(r.text);
      return r;
    };

    const account = await makeAccount(t);
    const numbers = [CARDS.ok, CARDS.declines, CARDS.timesOut, "5555555555554444"];
    const cards = [
      await makeCard(t, account, CARDS.ok, { cvv: "987" }),
      await makeCard(t, account, CARDS.declines, { require_verification: "N" }),
      await makeCard(t, account, CARDS.timesOut),
    ];
    await send("PayMethod/Create", "POST", {
      customer_account_id: account,
      pay_method_type: "CC",
      card_number: CARDS.declines,
      expiration_month: "1",
      expiration_year: "2040",
    });
    await send("PayMethod/Create", "POST", {
      customer_account_id: account,
      pay_method_type: "CC",
      card_number: "4242424242424241",
      expiration_month: "1",
      expiration_year: "2040",
    });
    for (const card of cards) {
      const invoice = await makeInvoice(t, account, "10.00");
      await send("Payment/Create", "POST", {
        customer_account_id: account,
        invoice_id: invoice,
        apply_to_prepaid_balance: "N",
        override_billing: "N",
        amount: "10.00",
        pay_method_id: card,
      });
    }

    // Anywhere else, a card number is refused before anything is written.
    const invoice = await makeInvoice(t, account, "10.00");
    const elsewhere: [string, string, Record<string, string>, string][] = [
      [
        "Invoice/Create",
        "POST",
        { customer_account_id: account, due_date: "1/1/2030", attached_items: JSON.stringify([{ item_name: numbers[3], item_price: "1.00" }]) },
        "attached_items",
      ],
      [
        "Payment/Create",
        "POST",
        {
          customer_account_id: account,
          invoice_id: invoice,
          apply_to_prepaid_balance: "N",
          override_billing: "Y",
          amount: "1.00",
          payment_gateway: `cash ${numbers[3]}`,
        },
        "payment_gateway",
      ],
      ["PayGateway/Create", "POST", { name: `gw ${numbers[3]}`, gateway_provider: "sandbox", credentials_1: "sandbox-secret-key" }, "name"],
      [
        "PayMethod/Create",
        "POST",
        { customer_account_id: account, pay_method_type: "CC", card_number: CARDS.ok, expiration_month: "1", expiration_year: "2040", holder_name: numbers[3] },
        "holder_name",
      ],
    ];
    for (const [path, method, params, parameter] of elsewhere) expectRefusal(await send(path, method, params), 400, "INVALID_PARAMETER", parameter);

    const dump = await dumpDatabase();
    for (const n of numbers) {
      expect(dump, n).not.toContain(n);
      for (const text of [...answers, ...logged]) expect(text).not.toContain(n);
    }
    expect(dump).not.toContain("4242424242424241");
    // The stored methods carry only what identifies them to a person.
    const listed = (await ok(t, "json", "PayMethod/List", { params: { customer_account_id: account } })).pay_methods as any[];
    expect(listed.map((m) => m.last_four).sort()).toEqual(["0002", "0119", "4242"]);
  });
});
