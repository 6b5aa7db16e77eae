import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { mayChangeGateways as isAdmin } from "@/lib/gateways/access";
import { TaxRateForm } from "../_components/tax-rate-form";

export const metadata = { title: "New tax rate · Recurring Billing" };

export default async function NewTaxRatePage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/tax-rates`}>Tax rates</Link> / New
      </p>
      <h1>New tax rate</h1>
      {isAdmin(ctx) ? (
        <div className="card">
          <TaxRateForm brandId={brandId} />
        </div>
      ) : (
        <p className="alert info" role="status">
          Only an ADMIN staff user can add or change tax rates.
        </p>
      )}
    </>
  );
}
