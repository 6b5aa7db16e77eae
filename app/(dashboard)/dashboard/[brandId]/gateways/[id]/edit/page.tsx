import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listGatewaysPage } from "@/lib/gateways/list-gateways";
import { providerChoices } from "@/lib/gateways/read";
import { mayChangeGateways } from "@/lib/gateways/access";
import { loadRecord } from "../../../_components/load-record";
import { GatewayForm } from "../../_components/gateway-form";
import { AdminOnly } from "../../_components/admin-only";

export const metadata = { title: "Edit payment gateway · Recurring Billing" };

export default async function EditGatewayPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const g = await loadRecord(ctx, id, listGatewaysPage);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/gateways`}>Payment gateways</Link> / {g.name}
      </p>
      <h1>Edit {g.name}</h1>
      {mayChangeGateways(ctx) ? (
        <div className="card">
          <p className="muted">
            Provider {g.provider}; current credentials <code>{g.credentials1Masked}</code>. Enter the credentials again to save: they are never shown.
          </p>
          <GatewayForm
            brandId={brandId}
            providers={providerChoices()}
            gateway={{ id: g.id, name: g.name, provider: g.provider, defaultForCards: g.defaultForCards, defaultForBankAccounts: g.defaultForBankAccounts }}
          />
        </div>
      ) : (
        <AdminOnly />
      )}
    </>
  );
}
