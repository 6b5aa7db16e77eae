import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { accountChoices } from "@/lib/subscriptions/page-queries";
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
  const accountId = typeof raw === "string" ? raw : "";
  const [accounts, gateways] = await Promise.all([accountChoices(ctx, accountId), gatewayChoices(ctx)]);
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
          <PayMethodForm brandId={brandId} accounts={accounts} accountId={accounts.some((a) => a.value === accountId) ? accountId : ""} gateways={gateways} />
        )}
      </div>
    </>
  );
}
