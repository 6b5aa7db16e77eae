import { dashboardContext } from "@/app/_auth/session";
import { BrandForm } from "./brand-form";
import { formatRetryDays } from "@/lib/pricing/retries";

export const metadata = { title: "Brand settings · Recurring Billing" };

export default async function SettingsPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const b = ctx.brand;
  const admin = ctx.actor.kind === "staff" && ctx.actor.accessLevel === "ADMIN";
  return (
    <>
      <h1>Brand settings</h1>
      {!admin && (
        <p className="alert info" role="note">
          Only an ADMIN staff user can change brand settings. You can see them here.
        </p>
      )}
      <div className="card">
        <BrandForm
          brandId={brandId}
          readOnly={!admin}
          brand={{
            name: b.name,
            description: b.description,
            currency: b.currency,
            support_email: b.supportEmail ?? "",
            website_url: b.websiteUrl ?? "",
            legal_name: b.legalName ?? "",
            address: b.address ?? "",
            country: b.country ?? "",
            tax_id: b.taxId ?? "",
            invoice_prefix: b.invoicePrefix,
            retry_days: formatRetryDays(b.retryDays),
            proration: b.proration,
          }}
        />
      </div>
    </>
  );
}
