import Link from "next/link";
import { DetailHead, EditLink, FactsCard, recordDates } from "@/components/dashboard/detail";
import { productNames } from "@/lib/catalog/group-names";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { formatDate } from "@/lib/format";
import { RecordActions, type RecordStep } from "@/components/dashboard/record-actions";
import { plural } from "@/components/dashboard/ledger-steps";
import { listCouponsPage } from "@/lib/catalog/list-coupons";
import { loadRecord, openRecord, type RecordPageProps } from "../../_components/load-record";
import { CouponStatusBadge, discountText, durationText } from "../_components/words";
import { deleteCoupon, updateCoupon } from "../actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Coupon · Recurring Billing" };

export default async function CouponPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const c = await loadRecord(ctx, id, listCouponsPage);
  const productIds = c.productIds;
  const [names, subs] = await Promise.all([productNames(ctx, productIds), subscriptionsUsing(ctx, { couponId: c.id })]);
  const base = `${dash}/coupons`;
  const steps: RecordStep[] = [];
  // Coupons have no suspend: inactive stops them qualifying (Coupon/Update status), delete frees the code for good.
  if (c.status === "active" || c.status === "expired")
    steps.push({
      label: "Deactivate",
      title: `Deactivate ${c.code}?`,
      confirmLabel: "Deactivate coupon",
      action: updateCoupon,
      extra: { status: "inactive" },
      body: (
        <p>
          The coupon stops qualifying: it cannot be redeemed, and its {plural(subs.live, "subscription")} no longer get the discount, until you activate it
          again.
        </p>
      ),
    });
  if (c.status === "inactive")
    steps.push({
      label: "Activate",
      title: `Activate ${c.code}?`,
      confirmLabel: "Activate coupon",
      action: updateCoupon,
      extra: { status: "active" },
      body: <p>The coupon qualifies again: customers can redeem it and the subscriptions that carry it get the discount.</p>,
    });
  if (c.status !== "deleted")
    steps.push({
      label: "Delete",
      title: `Delete ${c.code}?`,
      confirmLabel: "Delete coupon",
      danger: true,
      action: deleteCoupon,
      body: (
        <>
          <p>
            The coupon stops qualifying on its {plural(subs.live, "subscription")} and can no longer be redeemed; its code {c.code} can be used for a new
            coupon.
          </p>
          <p>A deleted coupon cannot be restored.</p>
        </>
      ),
    });
  return (
    <>
      <DetailHead list={{ href: base, label: "Coupons" }} title={<code>{c.code}</code>} crumb={c.code} badge={<CouponStatusBadge status={c.status} />}>
        {c.status !== "deleted" && <EditLink href={`${base}/${c.id}/edit`} />}
        <RecordActions brandId={brandId} input={{ coupon_id: c.id }} steps={steps} />
      </DetailHead>

      <FactsCard
        id="terms"
        title={c.name}
        facts={[
          ["Discount", discountText(c)],
          ["Applies to", durationText(c)],
          ["Last day", c.expirationDate ? formatDate(c.expirationDate) : "No end"],
          ["Redeemed", `${c.redemptionCount}${c.maxRedemptions ? ` of at most ${c.maxRedemptions}` : " (no limit)"}`],
          ["Combines with others", c.stackable ? "Yes" : "No"],
          [
            "Products",
            productIds.length === 0
              ? "Any product"
              : productIds.map((p, i) => (
                  <span key={p}>
                    {i > 0 && ", "}
                    <Link href={`${dash}/products/${p}`}>{names.get(p) ?? p}</Link>
                  </span>
                )),
          ],
          ["Subscriptions with it", subs.live, "num"],
          ...recordDates(c.createdAt, c.deletedAt),
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
