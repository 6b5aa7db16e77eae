import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { accountChoices, catalogChoices, payMethodChoices } from "@/lib/subscriptions/page-queries";
import { SubscriptionForm } from "../_components/subscription-form";

export const metadata = { title: "New subscription · Recurring Billing" };

export default async function NewSubscriptionPage({
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
  const [accounts, payMethods, catalog] = await Promise.all([accountChoices(ctx, accountId), payMethodChoices(ctx, accountId), catalogChoices(ctx)]);
  const known = accounts.some((a) => a.value === accountId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/subscriptions`}>Subscriptions</Link> / New
      </p>
      <h1>New subscription</h1>
      <p className="muted">The estimate below updates as you choose; nothing is charged until you create the subscription.</p>
      <div className="card">
        {catalog.products.length === 0 ? (
          <p>There is no active product to subscribe to yet: create a product first.</p>
        ) : (
          <SubscriptionForm brandId={brandId} accounts={accounts} payMethods={payMethods} catalog={catalog} accountId={known ? accountId : ""} />
        )}
      </div>
    </>
  );
}
