import Link from "next/link";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { formatMoney, formatPeriod } from "@/lib/format";
import { plural } from "@/components/dashboard/ledger-steps";
import { LedgerHead } from "@/components/dashboard/ledger-head";
import { FactsCard } from "@/components/dashboard/detail";
import { listProductsPage } from "@/lib/catalog/list-products";
import { loadInGroup, openRecord, type RecordPageProps } from "../../_components/load-record";
import { deleteProduct, restoreProduct, suspendProduct } from "../actions";
import { RecordAbout } from "../../_components/record-about";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Product · Recurring Billing" };

const yesNo = (v: boolean) => (v ? "Yes" : "No");

export default async function ProductPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: p, groupName } = await loadInGroup(ctx, id, listProductsPage);
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, p.currency));
  const subs = await subscriptionsUsing(ctx, { productId: p.id });
  return (
    <>
      <LedgerHead
        suspend={{
          action: suspendProduct,
          body: <p>No new subscriptions can start on this product; its {plural(subs.active, "active subscription")} keep being billed.</p>,
        }}
        restore={{
          action: restoreProduct,
          body: (
            <p>
              The product can be subscribed to again.
              {p.status === STATUS.DELETED
                ? " A deleted product can be restored within 90 days; the subscriptions it was removed from do not get it back."
                : ""}
            </p>
          ),
        }}
        delete={{
          action: deleteProduct,
          body: (
            <>
              <p>The product is removed from its {plural(subs.live, "subscription")} and no new subscriptions can start on it.</p>
              <p>You can restore it within 90 days, but it is not put back on those subscriptions.</p>
            </>
          ),
        }}
        brandId={brandId}
        kind="product"
        record={p}
      />

      <FactsCard
        id="pricing"
        title="Pricing"
        facts={[
          ["Product group", <Link href={`${dash}/product-groups/${p.productGroupId}`}>{groupName}</Link>],
          ["Recurring price", money(p.recurringPriceCents), "num"],
          ["Billing period", p.expirationInterval === 0 ? "One-time purchase (never renews)" : formatPeriod(p.intervalUnit, p.expirationInterval)],
          ["Setup fee", money(p.setupFeeCents), "num"],
          ["Trial", p.trial ? `${plural(p.trialIntervalDays ?? 0, "day")} at ${p.trialPriceCents ? money(p.trialPriceCents) : "no charge"}` : "No"],
          ["Auto pay discount", p.autoPayDiscount ? `${money(p.autoPayDiscountCents)} off each period` : "No"],
          ["Tax exempt", yesNo(p.taxExempt)],
          ["Asks for variables", yesNo(p.promptForVariables)],
          ["Active subscriptions", subs.active, "num"],
        ]}
      />

      <RecordAbout noun="Product" record={p} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
