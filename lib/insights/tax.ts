import { sql } from "drizzle-orm";
import { resultRows } from "../../db/client";
import type { Context } from "../auth/context";
import { formatAmount } from "../money";
import { formatPercentage } from "../percentage";
import { DEFAULT_PERIOD, isPeriodKey, periodOf, type Period } from "./periods";

/**
 * Tax collected by month and by rate (issue 33): the tax lines (kind `tax`, lib/tax/compute.ts) of the
 * invoices the overview counts as invoiced (live, issued, created in the period), grouped by the
 * brand's month and by the rate as each invoice kept it (a rate changed between two renewals is two
 * rows). The tax is each line's snapshot `amount`, what taxAmounts adds into an invoice's tax_total,
 * so the rows add up to the invoices' tax exactly.
 */
export interface TaxCollectedRow {
  /** YYYY-MM, the brand's month the invoices were created in. */
  month: string;
  taxRateId: string;
  name: string;
  /** Ten-thousandths of a percent (lib/percentage.ts). */
  percentage: number;
  inclusive: "Y" | "N";
  reverseCharge: "Y" | "N";
  /** Invoices with this rate in the month. */
  invoices: number;
  /** Minor units: the amount the rate applied to, and its tax (0 when reverse charged). */
  taxedAmount: number;
  tax: number;
  /** The brand's: every amount is in it. */
  currency: string;
}

/** The rows, by month, then name and percentage. Run it in the overview's transaction to read the same snapshot. */
export async function taxCollected(ctx: Context, period: Pick<Period, "start" | "end">): Promise<TaxCollectedRow[]> {
  const tax = (field: string) => sql.raw(`(l -> 'tax' ->> '${field}')`);
  const rows = resultRows<Record<string, string>>(
    await ctx.db.execute(sql`
      select to_char(i.created_at at time zone ${ctx.brand.timezoneId}, 'YYYY-MM') as month, ${tax("taxRateId")} as rate_id, ${tax("name")} as name,
             ${tax("percentage")}::int as percentage, ${tax("inclusive")} as inclusive, coalesce(${tax("reverseCharge")}, 'N') as reverse_charge,
             count(distinct i.id) as invoices, sum(${tax("taxedAmount")}::bigint) as taxed_amount, sum(${tax("amount")}::bigint) as tax
      from invoices i cross join lateral jsonb_array_elements(i.items) l
      where i.brand_id = ${ctx.brand.id}::uuid and i.deleted_at is null and i.number is not null
        and i.created_at >= ${period.start.toISOString()}::timestamptz and i.created_at < ${period.end.toISOString()}::timestamptz
        -- Only invoices with a tax line have their lines expanded (the containment test reads no row twice).
        and i.items @> '[{"kind": "tax"}]' and l ->> 'kind' = 'tax' and l -> 'tax' is not null
      group by 1, 2, 3, 4, 5, 6
      order by 1, 3, 4, 2, 5, 6`),
  );
  return rows.map((r) => ({
    month: r.month,
    taxRateId: r.rate_id,
    name: r.name,
    percentage: Number(r.percentage),
    inclusive: r.inclusive === "Y" ? "Y" : "N",
    reverseCharge: r.reverse_charge === "Y" ? "Y" : "N",
    invoices: Number(r.invoices),
    taxedAmount: Number(r.taxed_amount),
    tax: Number(r.tax),
    currency: ctx.brand.currency,
  }));
}

/** The tax of each month of the rows. */
export const taxByMonth = (rows: readonly TaxCollectedRow[]) => {
  const months = new Map<string, number>();
  for (const r of rows) months.set(r.month, (months.get(r.month) ?? 0) + r.tax);
  return months;
};

/** A row as the CSV export writes it: plain decimals beside the currency, the percentage as the API writes it. */
export const taxCollectedToWire = (r: TaxCollectedRow) => ({
  month: r.month,
  tax_rate_id: r.taxRateId,
  name: r.name,
  percentage: formatPercentage(r.percentage),
  inclusive: r.inclusive,
  reverse_charge: r.reverseCharge,
  invoices: r.invoices,
  taxed_amount: formatAmount(r.taxedAmount, r.currency),
  tax: formatAmount(r.tax, r.currency),
  currency: r.currency,
});

/**
 * The table as a list the CSV export reads (lib/dashboard/exports.ts): the rows of the period the
 * URL names (`?period=12m`), ending on the brand's today, all in one batch (a row per month and rate).
 */
export const taxCollectedList = {
  sortKeys: [] as const,
  async window(ctx: Context, w: { filters?: Record<string, unknown>; sort?: unknown }) {
    const key = isPeriodKey(w.filters?.period) ? w.filters.period : DEFAULT_PERIOD;
    const rows = await taxCollected(ctx, periodOf(key, ctx.now(), ctx.brand.timezoneId));
    return { rows, total: rows.length };
  },
  async *batches(ctx: Context, w: { filters?: Record<string, unknown>; sort?: unknown }) {
    const { rows } = await taxCollectedList.window(ctx, w);
    if (rows.length) yield rows;
  },
};
