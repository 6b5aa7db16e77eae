import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { productChoices } from "@/lib/catalog/group-names";
import { listCouponsPage } from "@/lib/catalog/list-coupons";
import { couponParams } from "@/lib/catalog/params";
import { CouponForm } from "../../_components/coupon-form";
import { loadRecord } from "../../../_components/load-record";

export const metadata = { title: "Edit coupon · Recurring Billing" };

export default async function EditCouponPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const c = await loadRecord(ctx, id, listCouponsPage);
  if (c.status === "deleted") notFound();
  const products = await productChoices(ctx);
  const base = `/dashboard/${brandId}/coupons`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Coupons</Link> / <Link href={`${base}/${id}`}>{c.code}</Link> / Edit
      </p>
      <h1>Edit coupon</h1>
      <div className="card">
        <CouponForm brandId={brandId} products={products} coupon={couponParams(c)} />
      </div>
    </>
  );
}
