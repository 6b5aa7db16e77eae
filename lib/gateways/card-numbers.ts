import { text } from "../wire/params";
import { DomainError } from "../errors";

/** The Luhn checksum every payment card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A full card number: 13 to 19 digits passing Luhn, starting with 2-6 (the major industry
 * identifiers of payment cards; 1, 7, 8 and 9 would mostly catch phone and reference numbers).
 */
export const isCardNumber = (digits: string) => /^[2-6]\d{12,18}$/.test(digits) && luhnValid(digits);

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Digit groups joined by single spaces or dashes, as people type card numbers. */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;

/**
 * Whether text carries a full card number anywhere: every run of consecutive digit groups
 * ("4242 4242 4242 4242", "4242-4242...", "...4242424242424242...") is checked.
 */
export function containsCardNumber(text: string): boolean {
  // Record ids are UUIDs whose dash-separated groups can be all digits; they are never card numbers.
  for (const run of text.replace(UUIDS, " ").match(DIGIT_RUN) ?? []) {
    const groups = run.split(/[ -]/);
    for (let from = 0; from < groups.length; from++) {
      let digits = "";
      for (let to = from; to < groups.length && digits.length + groups[to].length <= 19; to++) {
        digits += groups[to];
        if (digits.length >= 13 && isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}

/**
 * The parameters holding free text that a brand's staff or a customer types, where pasted card data
 * could be meant: prose, names and postal addresses. Every other parameter is an opaque value (ids,
 * codes, tokens, passwords, custom fields, variable values, transaction ids, phone numbers) whose digit
 * runs may pass Luhn by chance; card numbers go to PayMethod/Create's card_number, handed to the gateway.
 */
export const FREE_TEXT_PARAMETERS: ReadonlySet<string> = new Set([
  ...["name", "first_name", "last_name", "company_name", "holder_name", "payment_gateway", "department"],
  ...["title", "subject", "subject_brand", "subject_customer", "summary", "description", "contents", "message", "tags"],
  ...["html_brand", "html_customer", "tax_exempt_reason", "address", "address_2", "city", "state"],
]);

/**
 * Refuses a request that carries a full card number in a free-text parameter (above), before anything
 * is stored or logged. Meant for dispatch, over all parameters of every endpoint.
 */
export function refuseCardNumbers(params: Record<string, string>) {
  for (const [name, value] of Object.entries(params)) {
    if (FREE_TEXT_PARAMETERS.has(name) && containsCardNumber(value)) {
      throw new DomainError("INVALID_PARAMETER", `${name} must not contain a card number; card numbers are only accepted as card_number by PayMethod/Create`, {
        parameter: name,
      });
    }
  }
}

/** Detected card brand from the number's prefix ("unknown" when none matches). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^35(2[89]|[3-8])/.test(digits)) return "jcb";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/** Free text for the payment domains' own parameters: refuses a card number even before dispatch does. */
export const cardFreeText = (max = 255) => text(max).refine((s) => !containsCardNumber(s), { error: "must not contain a card number" });
