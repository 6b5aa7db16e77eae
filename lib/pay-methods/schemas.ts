import { z } from "zod";
import { flag, id, integer, keep, money, oneOf, opt, req } from "../wire/params";
import { PAY_METHOD_TYPES } from "../../db/schema";
import { cardFreeText, isCardNumber } from "../gateways/card-numbers";

/** Digits with optional spaces or dashes; a valid (Luhn) card number. The value is never echoed back. */
const cardNumber = () =>
  z
    .string()
    .transform((s) => s.replace(/[ -]/g, ""))
    .refine(isCardNumber, { error: "must be a valid card number of 13 to 19 digits" });

/** Four digits, or two (20YY). */
const year = () =>
  z
    .string()
    .regex(/^(\d{2}|\d{4})$/, { error: "must be a year like 2030" })
    .transform((s) => (s.length === 2 ? 2000 + Number(s) : Number(s)));

/** ABA routing number: nine digits with their checksum. */
const isRoutingNumber = (s: string) => /^\d{9}$/.test(s) && [...s].reduce((sum, d, i) => sum + Number(d) * [3, 7, 1][i % 3], 0) % 10 === 0;
const routingNumber = () => z.string().refine(isRoutingNumber, { error: "must be a nine-digit ABA routing number" });

const accountId = (description: string) => req(id(), description, { refersTo: "Account" });
const payMethodId = (description: string) => req(id(), description, { refersTo: "PayMethod" });

export const ListPayMethodsParams = z.object({
  pay_method_id: opt(id(), "Only this pay method (also when deleted)", { refersTo: "PayMethod" }),
  customer_account_id: opt(id(), "Only pay methods of this customer account", { refersTo: "Account" }),
});

/** Card fields with pay_method_type CC, bank fields with BA; which ones are required is checked with the type. */
export const CreatePayMethodParams = z.object({
  customer_account_id: accountId("The customer account the pay method belongs to"),
  pay_method_type: req(oneOf(PAY_METHOD_TYPES), "CC (card) or BA (bank account)", { example: "CC" }),
  gateway_id: opt(id(), "The gateway that tokenizes and later charges it (default: the brand's default gateway for the type)", { refersTo: "PayGateway" }),
  card_number: keep(cardNumber(), "CC: the full card number; sent to the gateway to tokenize and never stored (required for CC)"),
  expiration_month: keep(integer({ min: 1, max: 12 }), "CC: expiry month, 1 to 12 (required for CC)"),
  expiration_year: keep(year(), "CC: expiry year, like 2030 (required for CC)"),
  cvv: keep(z.string().regex(/^\d{3,4}$/, { error: "must be 3 or 4 digits" }), "CC: the security code, passed to the gateway's check and never stored"),
  holder_name: opt(cardFreeText(100), "Name on the card or bank account (required for BA)"),
  routing_number: keep(routingNumber(), "BA: nine-digit ABA routing number (required for BA)"),
  account_number: keep(
    z.string().regex(/^\d{4,17}$/, { error: "must be 4 to 17 digits" }),
    "BA: the account number; sent to the gateway and never stored (required for BA)",
  ),
  account_type: keep(oneOf(["checking", "savings"]), "BA: checking (default) or savings"),
  require_verification: keep(
    flag(),
    "Y (default): the method must be verified before it can be charged (a card is checked at once; a bank account gets two micro-deposits to confirm with PayMethod/Verify). N: usable at once",
  ),
});

export const PayMethodRefParams = z.object({
  pay_method_id: payMethodId("The pay method"),
  customer_account_id: accountId("The customer account it belongs to"),
});

export const VerifyPayMethodParams = z.object({
  ...PayMethodRefParams.shape,
  amount_1: keep(money(), "BA: the first micro-deposit amount, like 0.32"),
  amount_2: keep(money(), "BA: the second micro-deposit amount"),
});

export type CreatePayMethodInput = z.output<typeof CreatePayMethodParams>;
export type PayMethodRefInput = z.output<typeof PayMethodRefParams>;
export type VerifyPayMethodInput = z.output<typeof VerifyPayMethodParams>;
export type ListPayMethodsInput = z.output<typeof ListPayMethodsParams>;
