import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { gatewayDetail, mayChangeGateways, providerChoices } from "@/lib/gateways/page-queries";
import { GatewayForm } from "../../_components/gateway-form";
import { AdminOnly } from "../../_components/admin-only";

export const metadata = { title: "Edit payment gateway · Recurring Billing" };

export default async function EditGatewayPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const g = await gatewayDetail(ctx, id);
  if (!g) notFound();
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/gateways`}>Payment gateways</Link> / {g.name}
      </p>
      <h1>Edit {g.name}</h1>
      {mayChangeGateways(ctx) ? (
        <div className="card">
          <p className="muted">
            Provider {g.gateway_provider}; current credentials <code>{g.credentials_1}</code>. Enter the credentials again to save: they are never shown.
          </p>
          <GatewayForm
            brandId={brandId}
            providers={providerChoices()}
            gateway={{ gateway_id: g.gateway_id, name: g.name, gateway_provider: g.gateway_provider, default_cc: g.default_cc, default_ba: g.default_ba }}
          />
        </div>
      ) : (
        <AdminOnly />
      )}
    </>
  );
}
