import { z } from "zod";
import { country, flag, id, keep, multilineText, opt, percentage, req, text } from "../wire/params";

const rateId = (description: string) => req(id(), description, { refersTo: "TaxRate" });

const name = () => text(100).min(1, { error: "must not be empty" });
const state = () => text(100);

export const CreateTaxRateParams = z.object({
  name: req(name(), "The tax's name as invoices show it", { example: "VAT" }),
  percentage: req(percentage(), "The rate in percent, at most 4 decimals, 0 to 100", { example: "20" }),
  country: req(country(), "ISO 3166 two-letter country code of the accounts it applies to", { example: "FR" }),
  state: opt(state(), "The region code the accounts use (their state); empty: every account of the country (rates of a country and a state stack)"),
  inclusive: opt(flag(), "Y: prices include this tax (the invoice shows the part of them it is; the total does not change). Default N: added to the total"),
  reverse_charge: opt(flag(), "Y: an account with a tax_id in another country than the brand's pays none (the invoice says Reverse charge). Default N"),
  description: opt(multilineText(2000), "What the rate is for"),
});

export const ListTaxRatesParams = z.object({
  tax_rate_id: opt(id(), "Only this rate (found even archived)", { refersTo: "TaxRate" }),
  country: opt(country(), "Only the rates of this country"),
});

/** Update semantics: absent keeps, empty clears (only state and description may be empty). */
export const UpdateTaxRateParams = z.object({
  tax_rate_id: rateId("The rate to change; invoices already generated keep what they used"),
  name: keep(name(), "The tax's name as invoices show it"),
  percentage: keep(percentage(), "The rate in percent, at most 4 decimals, 0 to 100"),
  country: keep(country(), "ISO 3166 two-letter country code"),
  state: opt(state(), "The region code; empty: every account of the country"),
  inclusive: keep(flag(), "Y: prices include this tax"),
  reverse_charge: keep(flag(), "Y: reverse charged for an account with a tax_id in another country than the brand's"),
  description: opt(multilineText(2000), "What the rate is for"),
});

export const DeleteTaxRateParams = z.object({ tax_rate_id: rateId("The rate to archive: no later invoice uses it, earlier ones keep it") });

export type CreateTaxRateInput = z.output<typeof CreateTaxRateParams>;
export type ListTaxRatesInput = z.output<typeof ListTaxRatesParams>;
export type UpdateTaxRateInput = z.output<typeof UpdateTaxRateParams>;
export type DeleteTaxRateInput = z.output<typeof DeleteTaxRateParams>;
