import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { catalogChoices, subscriptionDetail } from "@/lib/subscriptions/page-queries";
import { ChangeProductForm } from "../../_components/change-product-form";

export const metadata = { title: "Change product · Recurring Billing" };

export default async function ChangeProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s || s.status === 3) notFound();
  const { products } = await catalogChoices(ctx);
  const dash = `/dashboard/${brandId}`;
  const name = `${s.product_name ?? "Subscription"} for ${s.customer_name}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/subscriptions`}>Subscriptions</Link> / <Link href={`${dash}/subscriptions/${s.subscription_id}`}>{name}</Link> / Change product
      </p>
      <h1>Change product</h1>
      <p className="muted">
        Currently <strong>{s.product_name ?? "no product"}</strong>. The change applies at once; the next renewal is charged for the new product.
      </p>
      <div className="card">
        <ChangeProductForm
          brandId={brandId}
          subscription={{
            subscription_id: s.subscription_id,
            customer_account_id: s.customer_account_id,
            product_id: s.product_id,
            attached_components: s.attached_components.length ? JSON.stringify(s.attached_components) : "",
            coupon_code: s.coupon_code,
          }}
          products={products}
        />
      </div>
    </>
  );
}
