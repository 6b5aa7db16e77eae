import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { catalogChoices, payMethodChoices, subscriptionDetail } from "@/lib/subscriptions/read";
import { STATUS } from "@/lib/lifecycle";
import { UpdateSubscriptionForm } from "../../_components/update-form";

export const metadata = { title: "Edit subscription · Recurring Billing" };

export default async function EditSubscriptionPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
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
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <FormPage
      list={{ href: `${dash}/subscriptions`, label: "Subscriptions" }}
      record={{ href: `${dash}/subscriptions/${s.id}`, label: name }}
      title="Edit subscription"
      intro={<p className="muted">Changes apply at once; the next renewal is priced from them.</p>}
    >
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
    </FormPage>
  );
}
