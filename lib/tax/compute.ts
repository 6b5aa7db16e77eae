import type { InvoiceLine, InvoiceTax } from "../../db/schema/money";
import { formatPercentage, MAX_PERCENTAGE } from "../percentage";

/**
 * Tax on an invoice (issue 33), pure: no I/O, no clock. The rules (docs/tax.md):
 * - the rates that apply are the active rates of the account's country whose state is empty or the
 *   account's state (a country's and a state's rates stack);
 * - the taxed amount is the lines not tax exempt (a product's unless it is tax_exempt, a component's
 *   when it is taxable, a manual item unless tax_exempt), less their share of the discounts (coupons,
 *   the auto pay discount spread over the lines in proportion to their amounts);
 * - per rate and invoice, tax = rate x taxed amount, rounded half away from zero to the minor unit
 *   once; an inclusive rate's tax is the part of the lines it is (they include it) and adds nothing;
 *   exclusive rates stacked with inclusive ones apply to the amount without the included tax;
 * - a tax exempt account pays none; a reverse charged rate charges none to an account with a tax id
 *   in another country than the brand's (the invoice says "Reverse charge").
 * Every step is exact (bigint fractions); the only rounding is the last one, per rate.
 */

export interface TaxRateInput {
  id: string;
  name: string;
  /** Ten-thousandths of a percent (lib/percentage.ts). */
  percentage: number;
  country: string;
  state: string | null;
  inclusive: "Y" | "N";
  reverseCharge: "Y" | "N";
  archivedAt?: Date | null;
}

export interface TaxAccount {
  taxExempt: "Y" | "N";
  /** Kept on the invoices priced while the account is exempt (their "Tax exempt" statement). */
  taxExemptReason: string | null;
  country: string | null;
  state: string | null;
  taxId: string | null;
}

export interface TaxSeller {
  country: string | null;
  taxId?: string | null;
}

/** Everything an invoice's tax depends on besides its lines. */
export interface TaxSubject {
  account: TaxAccount;
  brand: TaxSeller;
  /** The brand's rates (archived ones are skipped). */
  rates: readonly TaxRateInput[];
}

const norm = (s: string | null | undefined) => (s ?? "").trim().toUpperCase();

/** The active rates of the account's country whose state is empty or the account's: none for a tax exempt account. */
export function applicableRates(rates: readonly TaxRateInput[], account: TaxAccount): TaxRateInput[] {
  if (account.taxExempt === "Y" || !account.country) return [];
  return rates.filter((r) => !r.archivedAt && norm(r.country) === norm(account.country) && (!norm(r.state) || norm(r.state) === norm(account.state)));
}

/** Whether a reverse charged rate charges nothing to this account: it has a tax id and is in another country than the brand. */
export const reverseCharged = (rate: TaxRateInput, subject: TaxSubject) =>
  rate.reverseCharge === "Y" && !!norm(subject.account.taxId) && !!norm(subject.brand.country) && norm(subject.account.country) !== norm(subject.brand.country);

/** The kinds of lines that are sold (and taxed unless exempt): not discounts, credits or tax. */
const SOLD = new Set(["item", "setup_fee", "recurring", "component", "usage"]);

/** A fraction of bigints, the denominator positive. */
interface Fraction {
  n: bigint;
  d: bigint;
}

/** n/d rounded half away from zero. */
export function roundHalfAway({ n, d }: Fraction): number {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return Number(negative ? -q : q);
}

/**
 * The lines' taxed amount, exactly: the taxable sold lines less their share of the discounts. Never
 * negative (discounts beyond the lines leave nothing to tax).
 */
export function taxedBase(lines: readonly InvoiceLine[]): Fraction {
  let sold = 0n;
  let taxable = 0n;
  let discounts = 0n;
  for (const l of lines) {
    const amount = BigInt(l.itemPrice) * BigInt(l.quantity);
    if (l.kind === "discount") discounts += amount;
    else if (SOLD.has(l.kind)) {
      sold += amount;
      if (l.taxExempt !== "Y") taxable += amount;
    }
  }
  if (sold <= 0n || taxable <= 0n) return { n: 0n, d: 1n };
  // taxable x (sold + discounts) / sold: the taxable lines' share of what is left after the discounts.
  const left = sold + discounts;
  return left <= 0n ? { n: 0n, d: 1n } : { n: taxable * left, d: sold };
}

const SCALE = BigInt(MAX_PERCENTAGE); // 100% in ten-thousandths of a percent

/** The exact tax of each applicable rate on the taxed amount (before the one rounding), with the amount it applies to. */
export function exactTaxes(lines: readonly InvoiceLine[], rates: readonly TaxRateInput[]) {
  const base = taxedBase(lines);
  const included = rates.filter((r) => r.inclusive === "Y").reduce((sum, r) => sum + BigInt(r.percentage), 0n);
  // The amount without the included taxes: base x 100% / (100% + the inclusive rates).
  const net: Fraction = { n: base.n * SCALE, d: base.d * (SCALE + included) };
  return rates.map((rate) => ({
    rate,
    base,
    // Inclusive: the part of the lines it is; exclusive: the rate on the amount without included tax.
    exact: { n: net.n * BigInt(rate.percentage), d: net.d * SCALE } as Fraction,
  }));
}

/** One tax line's name: "VAT 20%", "GST 5% (included)", "VAT 20% (reverse charge)". */
export const taxLineName = (t: InvoiceTax) => `${t.name} ${formatPercentage(t.percentage)}%${taxMark(t)}`;

/** A tax's name where its percentage has a column of its own: "VAT", "GST (included)", "VAT (reverse charge)". */
export const taxName = (t: InvoiceTax) => `${t.name}${taxMark(t)}`;

/** How a tax's name is marked: " (reverse charge)", " (included)", or nothing. */
export const taxMark = (t: Pick<InvoiceTax, "inclusive" | "reverseCharge">) =>
  t.reverseCharge === "Y" ? " (reverse charge)" : t.inclusive === "Y" ? " (included)" : "";

/**
 * The invoice's lines with its tax lines: any tax lines it had are dropped and computed again from
 * the other lines and the subject (so re-pricing an invoice re-taxes it). One `tax` line per
 * applicable rate, priced at its exclusive tax (0 when inclusive or reverse charged).
 */
export function withTax(lines: readonly InvoiceLine[], subject: TaxSubject): InvoiceLine[] {
  const untaxed = lines.filter((l) => l.kind !== "tax");
  if (subject.account.taxExempt === "Y") return [...untaxed, exemptionLine(subject.account.taxExemptReason)];
  const rates = applicableRates(subject.rates, subject.account);
  if (!rates.length) return untaxed;
  const taxLines = exactTaxes(untaxed, rates).map(({ rate, base, exact }): InvoiceLine => {
    const reverse = reverseCharged(rate, subject);
    const tax: InvoiceTax = {
      taxRateId: rate.id,
      name: rate.name,
      percentage: rate.percentage,
      inclusive: rate.inclusive,
      reverseCharge: reverse ? "Y" : "N",
      taxedAmount: roundHalfAway(base),
      amount: reverse ? 0 : roundHalfAway(exact),
      ...(reverse ? { customerTaxId: subject.account.taxId!, sellerTaxId: subject.brand.taxId ?? null } : {}),
    };
    return {
      itemName: taxLineName(tax),
      itemPrice: tax.inclusive === "Y" ? 0 : tax.amount,
      quantity: 1,
      taxExempt: "Y",
      kind: "tax",
      componentId: null,
      tax,
    };
  });
  return [...untaxed, ...taxLines];
}

/**
 * A tax exempt account's invoice says so with the reason: a `tax` line priced 0 without a rate, the
 * reason kept as it was when the invoice was priced (an issued invoice never changes with the account).
 */
const exemptionLine = (reason: string | null): InvoiceLine => ({
  itemName: exemptionText(reason),
  itemPrice: 0,
  quantity: 1,
  taxExempt: "Y",
  kind: "tax",
  componentId: null,
  taxExemptReason: reason?.trim() ?? "",
});

const exemptionText = (reason: string | null | undefined) => `Tax exempt${reason?.trim() ? `: ${reason.trim()}` : ""}`;

/**
 * What an invoice (or a credit note) states about its tax besides the amounts: "Tax exempt: <reason>"
 * for an exempt account's, "Reverse charge" with both tax ids for each reverse charged rate. The
 * documents, pages and emails print these; the API answers them joined as `tax_note`.
 */
export function taxNotes(lines: readonly InvoiceLine[]): string[] {
  const exempt = lines.find((l) => l.kind === "tax" && l.taxExemptReason !== undefined);
  const notes = exempt ? [exemptionText(exempt.taxExemptReason)] : [];
  return [...notes, ...reverseChargeNotes(lines.flatMap((l) => (l.kind === "tax" && l.tax ? [l.tax] : [])))];
}

/** "Reverse charge: VAT is accounted for by the customer. Customer tax ID DE123; seller tax ID FR456." per reverse charged rate. */
export const reverseChargeNotes = (taxes: readonly InvoiceTax[]) =>
  taxes
    .filter((t) => t.reverseCharge === "Y")
    .map(
      (t) =>
        `Reverse charge: ${t.name} is accounted for by the customer. Customer tax ID ${t.customerTaxId ?? ""}${t.sellerTaxId ? `; seller tax ID ${t.sellerTaxId}` : ""}.`,
    );

/**
 * A credit note's tax part: its share of each tax of the invoice it credits (amount / the invoice's
 * total), rounded half away from zero per rate. A credit of the whole invoice gives back all its tax;
 * a reverse charged rate keeps its tax ids (and its 0).
 */
export function creditNoteTaxes(lines: readonly InvoiceLine[], amount: number): InvoiceTax[] {
  const { taxes, total } = taxAmounts(lines);
  if (total <= 0 || amount <= 0) return [];
  const share = (cents: number) => roundHalfAway({ n: BigInt(cents) * BigInt(amount), d: BigInt(total) });
  return taxes.map((t) => ({ ...t, taxedAmount: share(t.taxedAmount), amount: share(t.amount) }));
}

/** A credit note's amounts from its tax part: the tax, and the amount without the exclusive tax (what the invoice's subtotal is to its total). */
export function creditNoteAmounts(amount: number, taxes: readonly InvoiceTax[]) {
  const exclusive = taxes.filter((t) => t.inclusive === "N").reduce((s, t) => s + t.amount, 0);
  return { subtotal: amount - exclusive, taxTotal: taxes.reduce((s, t) => s + t.amount, 0), total: amount, taxes };
}

/** An invoice's amounts from its lines: the subtotal (every line but tax), the tax, the total (subtotal + exclusive tax). */
export function taxAmounts(lines: readonly InvoiceLine[]) {
  let subtotal = 0;
  let taxTotal = 0;
  let exclusive = 0;
  for (const l of lines) {
    if (l.kind === "tax") {
      taxTotal += l.tax?.amount ?? 0;
      exclusive += l.itemPrice * l.quantity;
    } else subtotal += l.itemPrice * l.quantity;
  }
  const exempt = lines.find((l) => l.kind === "tax" && l.taxExemptReason !== undefined);
  return {
    subtotal,
    taxTotal,
    total: subtotal + exclusive,
    taxes: lines.filter((l) => l.kind === "tax" && l.tax).map((l) => l.tax!),
    /** The exemption's reason as the invoice keeps it ("" without one), null when it is not a tax exempt account's. */
    exemptReason: exempt ? exempt.taxExemptReason! : null,
    notes: taxNotes(lines),
  };
}
