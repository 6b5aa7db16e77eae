import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { mayChangeGateways as isAdmin } from "@/lib/gateways/access";
import { listTaxRatesPage } from "@/lib/tax/rates";
import { isUuid } from "@/lib/ids";
import { stringValues } from "@/components/forms/values";
import { TaxRateForm } from "../../_components/tax-rate-form";

export const metadata = { title: "Edit tax rate · Recurring Billing" };

/** Edit a tax rate (TaxRate/Update, ADMIN only): invoices generated afterwards use the change, issued ones keep theirs. */
export default async function EditTaxRatePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const rate = (await listTaxRatesPage(ctx, { filters: { id } })).rows[0];
  if (!rate) notFound();
  const base = `/dashboard/${brandId}/tax-rates`;
  const { archived, created: _c, updated: _u, ...fields } = rate;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Tax rates</Link> / {rate.name} / Edit
      </p>
      <h1>Edit tax rate</h1>
      {!isAdmin(ctx) ? (
        <p className="alert info" role="status">
          Only an ADMIN staff user can add or change tax rates.
        </p>
      ) : archived ? (
        <p className="alert info" role="status">
          This rate is archived: it cannot be changed.
        </p>
      ) : (
        <>
          <p className="muted">Invoices generated from now on use the change; invoices already issued keep the tax they charged.</p>
          <div className="card">
            <TaxRateForm brandId={brandId} rate={stringValues(fields)} />
          </div>
        </>
      )}
    </>
  );
}
