import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { catalogChoices, subscriptionDetail } from "@/lib/subscriptions/read";
import { STATUS } from "@/lib/lifecycle";
import { ChangeProductForm } from "../../_components/change-product-form";

export const metadata = { title: "Change product · Recurring Billing" };

export default async function ChangeProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s || s.status === STATUS.DELETED) notFound();
  const { products } = await catalogChoices(ctx);
  const dash = `/dashboard/${brandId}`;
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/subscriptions`}>Subscriptions</Link> / <Link href={`${dash}/subscriptions/${s.id}`}>{name}</Link> / Change product
      </p>
      <h1>Change product</h1>
      <p className="muted">
        Currently <strong>{s.productName ?? "no product"}</strong>. The change applies at once; the next renewal is charged for the new product.
      </p>
      <div className="card">
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
      </div>
    </>
  );
}
