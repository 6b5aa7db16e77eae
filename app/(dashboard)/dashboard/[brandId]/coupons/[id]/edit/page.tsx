import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { productChoices } from "@/lib/catalog/group-names";
import { listCouponsPage } from "@/lib/catalog/list-coupons";
import { couponParams } from "@/lib/catalog/params";
import { CouponForm } from "../../_components/coupon-form";
import { loadRecord, openRecord, type RecordPageProps } from "../../../_components/load-record";

export const metadata = { title: "Edit coupon · Recurring Billing" };

export default async function EditCouponPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const c = await loadRecord(ctx, id, listCouponsPage);
  if (c.status === "deleted") notFound();
  const products = await productChoices(ctx);
  const base = `${dash}/coupons`;
  return (
    <FormPage list={{ href: base, label: "Coupons" }} record={{ href: `${base}/${id}`, label: c.code }} title="Edit coupon">
      <CouponForm brandId={brandId} products={products} coupon={couponParams(c)} />
    </FormPage>
  );
}
