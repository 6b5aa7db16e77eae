import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { catalogChoices, subscriptionDetail } from "@/lib/subscriptions/read";
import { STATUS } from "@/lib/lifecycle";
import { ChangeProductForm } from "../../_components/change-product-form";

export const metadata = { title: "Change product · Recurring Billing" };

export default async function ChangeProductPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const s = await subscriptionDetail(ctx, id);
  if (!s || s.status === STATUS.DELETED) notFound();
  const { products } = await catalogChoices(ctx);
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <FormPage
      list={{ href: `${dash}/subscriptions`, label: "Subscriptions" }}
      record={{ href: `${dash}/subscriptions/${s.id}`, label: name }}
      title="Change product"
      step="Change product"
      intro={
        <p className="muted">
          Currently <strong>{s.productName ?? "no product"}</strong>. The change applies at once; the next renewal is charged for the new product.
        </p>
      }
    >
      <ChangeProductForm
        brandId={brandId}
        subscription={{
          subscription_id: s.id,
          customer_account_id: s.customerAccountId,
          product_id: s.productId,
          attached_components: s.components.length ? JSON.stringify(s.components.map((c) => ({ component_id: c.componentId, units: c.units }))) : "",
          coupon_code: s.coupons.map((c) => c.couponCode).join(","),
        }}
        products={products}
      />
    </FormPage>
  );
}
