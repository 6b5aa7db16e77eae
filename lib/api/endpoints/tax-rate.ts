import { defineEndpoint } from "../endpoint";
import { CreateTaxRateParams, DeleteTaxRateParams, ListTaxRatesParams, UpdateTaxRateParams } from "../../tax/schemas";
import { createTaxRate, deleteTaxRate, listTaxRates, MAX_TAX_RATES_LISTED, updateTaxRate } from "../../tax/rates";

const ARCHIVED = "409 INVALID_STATE when the rate is archived";

/** Issue 33: tax rates, beside the spec's resources (docs/tax.md). */
export const taxRateEndpoints = [
  defineEndpoint({
    resource: "TaxRate",
    action: "List",
    method: "GET",
    summary: `Lists the brand's active tax rates, oldest first (at most ${MAX_TAX_RATES_LISTED}; total says how many matched); an archived one only by tax_rate_id.`,
    params: ListTaxRatesParams,
    returns: "tax_rate",
    list: "tax_rates",
    handler: listTaxRates,
  }),
  defineEndpoint({
    resource: "TaxRate",
    action: "Create",
    method: "POST",
    summary:
      "Creates a tax rate. It applies to the accounts of its country whose state is its state (every account of the country when it has none): " +
      "a country's and a state's rates stack. Per invoice and rate, tax = percentage x taxed amount, rounded half away from zero once.",
    params: CreateTaxRateParams,
    returns: "tax_rate",
    handler: createTaxRate,
  }),
  defineEndpoint({
    resource: "TaxRate",
    action: "Update",
    method: "PATCH",
    summary: "Changes a tax rate; send only what changes (state and description sent empty are cleared). Invoices already generated keep what they used.",
    params: UpdateTaxRateParams,
    returns: "tax_rate",
    refusals: [ARCHIVED],
    handler: updateTaxRate,
  }),
  defineEndpoint({
    resource: "TaxRate",
    action: "Delete",
    method: "DELETE",
    summary: "Archives a tax rate: invoices generated afterwards do not use it, earlier ones keep it. Answers the archived rate.",
    params: DeleteTaxRateParams,
    returns: "tax_rate",
    refusals: [ARCHIVED],
    handler: deleteTaxRate,
  }),
];
