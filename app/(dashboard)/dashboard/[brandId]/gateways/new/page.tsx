import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { mayChangeGateways } from "@/lib/gateways/access";
import { providerChoices } from "@/lib/gateways/read";
import { GatewayForm } from "../_components/gateway-form";
import { AdminOnly } from "../_components/admin-only";

export const metadata = { title: "Add a payment gateway · Recurring Billing" };

export default async function NewGatewayPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/gateways`}>Payment gateways</Link> / Add
      </p>
      <h1>Add a payment gateway</h1>
      {mayChangeGateways(ctx) ? (
        <div className="card">
          <GatewayForm brandId={brandId} providers={providerChoices()} />
        </div>
      ) : (
        <AdminOnly />
      )}
    </>
  );
}
