import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts, taxRates } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { findInBrand } from "../scope";
import { invalidState } from "../errors";
import { newId } from "../ids";
import { selectRows } from "../../db/client";
import { defineList, idFilter, equalsFilter } from "../lists";
import { z } from "zod";
import type { CreateTaxRateInput, DeleteTaxRateInput, ListTaxRatesInput, UpdateTaxRateInput } from "./schemas";
import { taxRateToWire } from "./view";
import { applicableRates, reverseCharged, withTax, type TaxAccount, type TaxSubject } from "./compute";
import type { InvoiceLine } from "../../db/schema/money";

/** The spec sets no limit; we answer at most this many like other lists, and `total` says how many matched. */
export const MAX_TAX_RATES_LISTED = 300;

/** The brand's active (not archived) tax rates: what invoices generated now use. */
export const activeTaxRates = (ctx: Context) => selectRows(ctx.db, taxRates, { where: inBrand(ctx, taxRates, isNull(taxRates.archivedAt)) });

/** What an invoice's tax depends on besides its lines, read once (lib/tax/compute.ts does the rest). */
export async function taxSubject(ctx: Context, account: TaxAccount, rates?: TaxSubject["rates"]): Promise<TaxSubject> {
  return { account, brand: ctx.brand, rates: rates ?? (await activeTaxRates(ctx)) };
}

/** The lines with their tax for this account, at the brand's rates now: every path that prices an invoice ends here. */
export async function taxedLines(ctx: Context, account: TaxAccount, lines: readonly InvoiceLine[], rates?: TaxSubject["rates"]) {
  return withTax(lines, await taxSubject(ctx, account, rates));
}

/**
 * The rates an invoice for this account would use now, each with whether it is reverse charged (charges
 * nothing): none for a tax exempt account or one without a country (lib/tax/compute.ts decides both).
 */
export async function ratesForAccount(ctx: Context, account: TaxAccount) {
  const subject = await taxSubject(ctx, account);
  return applicableRates(subject.rates, account).map((rate) => ({ rate, reverseCharged: reverseCharged(rate, subject) }));
}

/** The account's tax fields, for a path that has only its id. */
export async function taxAccount(ctx: Context, accountId: string): Promise<TaxAccount> {
  const [a] = await selectRows(ctx.db, customerAccounts, { where: inBrand(ctx, customerAccounts, eq(customerAccounts.id, accountId)), limit: 1 });
  return a;
}

/** Tax rates, oldest first; archived ones only when asked for by id. */
export const taxRateList = defineList({
  table: taxRates,
  filters: { id: idFilter(taxRates.id), country: equalsFilter(taxRates.country, z.string()) },
  search: [taxRates.name],
  scope: (f) => (f.id ? undefined : isNull(taxRates.archivedAt)),
  sortable: { created_at: taxRates.createdAt, name: taxRates.name, country: taxRates.country },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(taxRateToWire),
});
export const listTaxRatesPage = taxRateList.page;

export async function listTaxRates({ ctx, input }: { ctx: Context; input: ListTaxRatesInput }) {
  const { rows, total } = await taxRateList.window(ctx, { filters: { id: input.tax_rate_id, country: input.country }, limit: MAX_TAX_RATES_LISTED });
  return { items: rows, total };
}

export async function createTaxRate({ ctx, input }: { ctx: Context; input: CreateTaxRateInput }) {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(taxRates)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      name: input.name,
      percentage: input.percentage,
      country: input.country,
      state: input.state?.trim().toUpperCase() || null,
      inclusive: input.inclusive ?? "N",
      reverseCharge: input.reverse_charge ?? "N",
      description: input.description ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return taxRateToWire(row);
}

const findLiveRate = async (ctx: Context, id: string) => {
  const rate = await findInBrand(ctx, taxRates, id, "Tax rate", "tax_rate_id", { forUpdate: true });
  if (rate.archivedAt) throw invalidState("This tax rate is archived", "tax_rate_id");
  return rate;
};

/** Changes a live rate: invoices generated afterwards use it as changed, earlier ones keep their snapshot. */
export async function updateTaxRate({ ctx, input }: { ctx: Context; input: UpdateTaxRateInput }) {
  const rate = await findLiveRate(ctx, input.tax_rate_id);
  const [row] = await ctx.db
    .update(taxRates)
    .set({
      name: input.name ?? rate.name,
      percentage: input.percentage ?? rate.percentage,
      country: input.country ?? rate.country,
      state: input.state === undefined ? rate.state : input.state?.trim().toUpperCase() || null,
      inclusive: input.inclusive ?? rate.inclusive,
      reverseCharge: input.reverse_charge ?? rate.reverseCharge,
      description: input.description === undefined ? rate.description : input.description,
      updatedAt: ctx.now(),
    })
    .where(and(eq(taxRates.id, rate.id), eq(taxRates.brandId, ctx.brand.id)))
    .returning();
  return taxRateToWire(row);
}

/** Archives a rate: no invoice generated afterwards uses it; earlier invoices keep what they used. */
export async function deleteTaxRate({ ctx, input }: { ctx: Context; input: DeleteTaxRateInput }) {
  const rate = await findLiveRate(ctx, input.tax_rate_id);
  const now = ctx.now();
  const [row] = await ctx.db
    .update(taxRates)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(taxRates.id, rate.id), eq(taxRates.brandId, ctx.brand.id)))
    .returning();
  return taxRateToWire(row);
}
