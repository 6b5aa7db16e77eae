import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { knownAccountId } from "@/lib/subscriptions/read";
import { gatewayChoices } from "@/lib/gateways/page-queries";
import { PayMethodForm } from "../_components/pay-method-form";

export const metadata = { title: "Add a pay method · Recurring Billing" };

export default async function NewPayMethodPage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ customer_account_id?: string | string[] }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const raw = (await searchParams).customer_account_id;
  const [accountId, gateways] = await Promise.all([knownAccountId(ctx, typeof raw === "string" ? raw : ""), gatewayChoices(ctx)]);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/pay-methods`}>Pay methods</Link> / Add
      </p>
      <h1>Add a pay method</h1>
      <p className="muted">Card and account numbers go straight to the payment gateway; only the last four digits are kept.</p>
      <div className="card">
        {gateways.length === 0 ? (
          <p>
            The brand has no payment gateway yet: <Link href={`/dashboard/${brandId}/gateways`}>add one</Link> first.
          </p>
        ) : (
          <PayMethodForm brandId={brandId} accountId={accountId} gateways={gateways} />
        )}
      </div>
    </>
  );
}
