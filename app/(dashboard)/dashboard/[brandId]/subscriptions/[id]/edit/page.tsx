import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { catalogChoices, payMethodChoices, subscriptionDetail } from "@/lib/subscriptions/page-queries";
import { UpdateSubscriptionForm } from "../../_components/update-form";

export const metadata = { title: "Edit subscription · Recurring Billing" };

export default async function EditSubscriptionPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s || s.status === 3) notFound();
  const [payMethods, catalog] = await Promise.all([payMethodChoices(ctx, s.customer_account_id), catalogChoices(ctx)]);
  // The group's active components, and any attached one that is no longer active (so it can be removed).
  const components = [
    ...catalog.components.filter((c) => c.groupId === s.product_group_id),
    ...s.components
      .filter((a) => !catalog.components.some((c) => c.id === a.component_id))
      .map((a) => ({ id: a.component_id, groupId: s.product_group_id, name: a.name, type: a.component_type, price: "—" })),
  ];
  const dash = `/dashboard/${brandId}`;
  const name = `${s.product_name ?? "Subscription"} for ${s.customer_name}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/subscriptions`}>Subscriptions</Link> / <Link href={`${dash}/subscriptions/${s.subscription_id}`}>{name}</Link> / Edit
      </p>
      <h1>Edit subscription</h1>
      <p className="muted">Changes apply at once; the next renewal is priced from them.</p>
      <div className="card">
        <UpdateSubscriptionForm
          brandId={brandId}
          subscription={{
            subscription_id: s.subscription_id,
            customer_account_id: s.customer_account_id,
            auto_pay: s.auto_pay,
            pay_method_id: s.pay_method_id ?? "",
            components: Object.fromEntries(s.components.map((c) => [c.component_id, String(c.units)])),
            coupons: s.coupons.map((c) => c.coupon_code),
          }}
          payMethods={payMethods}
          components={components}
          coupons={catalog.coupons}
        />
      </div>
    </>
  );
}
