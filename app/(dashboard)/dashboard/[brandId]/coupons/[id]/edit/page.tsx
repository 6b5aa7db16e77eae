import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { productChoices } from "@/lib/catalog/group-names";
import { stringValues } from "@/components/forms/values";
import { CouponForm } from "../../_components/coupon-form";
import { loadCoupon } from "../../_components/load-coupon";

export const metadata = { title: "Edit coupon · Recurring Billing" };

export default async function EditCouponPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const c = await loadCoupon(ctx, id);
  if (c.status === "deleted") notFound();
  const products = await productChoices(ctx);
  const base = `/dashboard/${brandId}/coupons`;
  const { created: _c, updated: _u, deleted: _d, status: _s, redemption_count: _r, ...fields } = c;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Coupons</Link> / <Link href={`${base}/${id}`}>{c.coupon_code}</Link> / Edit
      </p>
      <h1>Edit coupon</h1>
      <div className="card">
        <CouponForm brandId={brandId} products={products} coupon={stringValues(fields)} />
      </div>
    </>
  );
}
