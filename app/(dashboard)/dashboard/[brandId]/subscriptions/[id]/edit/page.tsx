import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { catalogChoices, payMethodChoices, subscriptionDetail } from "@/lib/subscriptions/read";
import { STATUS } from "@/lib/lifecycle";
import { UpdateSubscriptionForm } from "../../_components/update-form";

export const metadata = { title: "Edit subscription · Recurring Billing" };

export default async function EditSubscriptionPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s || s.status === STATUS.DELETED) notFound();
  const [payMethods, catalog] = await Promise.all([payMethodChoices(ctx, s.customerAccountId), catalogChoices(ctx)]);
  // The group's active components, and any attached one that is no longer active (so it can be removed).
  const components = [
    ...catalog.components.filter((c) => c.groupId === s.productGroupId),
    ...s.components
      .filter((a) => !catalog.components.some((c) => c.id === a.componentId))
      .map((a) => ({ id: a.componentId, groupId: s.productGroupId, name: a.name, type: a.type, price: "—" })),
  ];
  const dash = `/dashboard/${brandId}`;
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/subscriptions`}>Subscriptions</Link> / <Link href={`${dash}/subscriptions/${s.id}`}>{name}</Link> / Edit
      </p>
      <h1>Edit subscription</h1>
      <p className="muted">Changes apply at once; the next renewal is priced from them.</p>
      <div className="card">
        <UpdateSubscriptionForm
          brandId={brandId}
          subscription={{
            subscription_id: s.id,
            customer_account_id: s.customerAccountId,
            auto_pay: s.autoPay ? "Y" : "N",
            pay_method_id: s.payMethodId ?? "",
            components: Object.fromEntries(s.components.map((c) => [c.componentId, String(c.units)])),
            coupons: s.coupons.map((c) => c.couponCode),
          }}
          payMethods={payMethods}
          components={components}
          coupons={catalog.coupons}
        />
      </div>
    </>
  );
}
