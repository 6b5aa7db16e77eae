"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
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

function columns(brandId: string, admin: boolean): ColumnDef<TaxRateRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row }) => row.original.name },
    { id: "percentage", header: "Rate", enableSorting: false, meta: { numeric: true }, cell: ({ row }) => `${row.original.percentage}%` },
    { id: "country", header: "Country", cell: ({ row }) => row.original.country },
    { id: "state", header: "State", enableSorting: false, cell: ({ row }) => row.original.state || "All" },
    {
      id: "kind",
      header: "Applies",
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        [r.inclusive === "Y" ? "Included in prices" : "Added to prices", r.reverse_charge === "Y" ? "reverse charged abroad" : ""].filter(Boolean).join(", "),
    },
    ...(admin
      ? [
          {
            id: "actions",
            header: "Actions",
            enableSorting: false,
            cell: ({ row: { original: r } }: { row: { original: TaxRateRow } }) => (
              <div className="actions">
                <Link href={`/dashboard/${brandId}/tax-rates/${r.tax_rate_id}/edit`} className="button secondary small" aria-label={`Edit ${r.name}`}>
                  Edit
                </Link>
                <ArchiveTaxRate brandId={brandId} rate={r} />
              </div>
            ),
          } as ColumnDef<TaxRateRow, unknown>,
        ]
      : []),
  ];
}

export const TaxRatesTable = listTable<TaxRateRow, { admin: boolean }>(({ brandId, admin }) => ({
  label: "Tax rates",
  columns: columns(brandId, admin),
  getRowId: (r) => r.tax_rate_id,
  searchPlaceholder: "Name",
  empty: admin ? (
    <>
      No tax rates: invoices carry no tax. <Link href={`/dashboard/${brandId}/tax-rates/new`}>Add the first one</Link>.
    </>
  ) : (
    "No tax rates: invoices carry no tax."
  ),
}));
