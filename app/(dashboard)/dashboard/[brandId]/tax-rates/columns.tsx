"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { archiveTaxRate } from "./actions";

export interface TaxRateRow {
  tax_rate_id: string;
  name: string;
  percentage: string;
  country: string;
  state: string | null;
  inclusive: string;
  reverse_charge: string;
}

/** Archive, behind a dialog saying what happens (TaxRate/Delete). */
function ArchiveTaxRate({ brandId, rate }: { brandId: string; rate: TaxRateRow }) {
  const run = useConfirmAction();
  return (
    <ConfirmButton
      label={`Archive ${rate.name}`}
      title={`Archive ${rate.name}?`}
      confirmLabel="Archive tax rate"
      danger
      onConfirm={run(() => archiveTaxRate(brandId, { tax_rate_id: rate.tax_rate_id }))}
    >
      <p>Invoices generated from now on do not use it; invoices already issued keep the tax they charged.</p>
    </ConfirmButton>
  );
}

const applies = (r: TaxRateRow) =>
  [r.inclusive === "Y" ? "Included in prices" : "Added to prices", r.reverse_charge === "Y" ? "reverse charged abroad" : ""].filter(Boolean).join(", ");

export const TaxRatesTable = listTable<TaxRateRow, { admin: boolean }>(({ brandId, admin }, t) => ({
  label: "Tax rates",
  columns: [
    t.text("name", "Name", "name"),
    t.text("percentage", "Rate", (r) => `${r.percentage}%`, { sort: false, numeric: true }),
    t.text("country", "Country", "country"),
    t.text("state", "State", (r) => r.state || "All", { sort: false }),
    t.text("kind", "Applies", applies, { sort: false }),
    ...t.actions(admin, (r) => (
      <>
        <Link href={t.href(`tax-rates/${r.tax_rate_id}/edit`)} className="button secondary small" aria-label={`Edit ${r.name}`}>
          Edit
        </Link>
        <ArchiveTaxRate brandId={brandId} rate={r} />
      </>
    )),
  ],
  getRowId: (r) => r.tax_rate_id,
  searchPlaceholder: "Name",
  empty: admin ? t.empty("No tax rates: invoices carry no tax.", "tax-rates/new", "Add the first one") : "No tax rates: invoices carry no tax.",
}));
