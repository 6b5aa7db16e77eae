import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productChoices } from "@/lib/catalog/group-names";
import { CouponForm } from "../_components/coupon-form";

export const metadata = { title: "New coupon · Recurring Billing" };

export default async function NewCouponPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const products = await productChoices(ctx);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/coupons`}>Coupons</Link> / New
      </p>
      <h1>New coupon</h1>
      <div className="card">
        <CouponForm brandId={brandId} products={products} />
      </div>
    </>
  );
}
