import { DomainError } from "../errors";
import type { NewPayMethod } from "../gateways/providers/types";
import type { CreatePayMethodInput } from "./schemas";

const CARD_FIELDS = ["card_number", "expiration_month", "expiration_year", "cvv"] as const;
const BANK_FIELDS = ["routing_number", "account_number", "account_type"] as const;

const missing = (parameter: string, type: string) =>
  new DomainError("MISSING_PARAMETER", `${parameter} is required when pay_method_type is ${type}`, { parameter });
const notFor = (parameter: string, type: string) =>
  new DomainError("INVALID_PARAMETER", `${parameter} must be empty when pay_method_type is ${type}`, { parameter });

/**
 * The card or bank account to hand to the gateway, from PayMethod/Create's parameters. Checked
 * after the records are looked up (a wrong id answers 404 first). `today` is YYYY-MM-DD.
 */
export function newPayMethod(input: CreatePayMethodInput, today: string): NewPayMethod {
  const type = input.pay_method_type;
  const [own, other] = type === "CC" ? [CARD_FIELDS, BANK_FIELDS] : [BANK_FIELDS, CARD_FIELDS];
  for (const p of other) if (input[p] !== undefined) throw notFor(p, type);
  if (type === "CC") {
    for (const p of own.slice(0, 3)) if (input[p as keyof CreatePayMethodInput] === undefined) throw missing(p, type);
    const [year, month] = today.split("-").map(Number);
    if (input.expiration_year! < year || (input.expiration_year === year && input.expiration_month! < month)) {
      throw new DomainError("INVALID_PARAMETER", "expiration_year and expiration_month must not be in the past: the card has expired", {
        parameter: "expiration_year",
      });
    }
    return {
      type,
      card: {
        number: input.card_number!,
        expirationMonth: input.expiration_month!,
        expirationYear: input.expiration_year!,
        cvv: input.cvv ?? null,
        holderName: input.holder_name ?? null,
      },
    };
  }
  for (const p of ["routing_number", "account_number", "holder_name"] as const) if (!input[p]) throw missing(p, type);
  return {
    type,
    bankAccount: {
      routingNumber: input.routing_number!,
      accountNumber: input.account_number!,
      accountType: input.account_type ?? "checking",
      holderName: input.holder_name!,
    },
  };
}
