import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { catalogChoices, knownAccountId, payMethodChoices } from "@/lib/subscriptions/read";
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
  const accountId = await knownAccountId(ctx, typeof raw === "string" ? raw : "");
  const [payMethods, catalog] = await Promise.all([payMethodChoices(ctx, accountId), catalogChoices(ctx)]);
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
          <SubscriptionForm brandId={brandId} payMethods={payMethods} catalog={catalog} accountId={accountId} />
        )}
      </div>
    </>
  );
}
