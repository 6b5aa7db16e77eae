import Link from "next/link";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { formatMoney } from "@/lib/format";
import { plural } from "@/components/dashboard/ledger-steps";
import { LedgerHead } from "@/components/dashboard/ledger-head";
import { FactsCard } from "@/components/dashboard/detail";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { loadInGroup, openRecord, type RecordPageProps } from "../../_components/load-record";
import { componentTypeLabel } from "../_components/types";
import { deleteComponent, restoreComponent, suspendComponent } from "../actions";
import { RecordAbout } from "../../_components/record-about";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Component · Recurring Billing" };

export default async function ComponentPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: c, groupName } = await loadInGroup(ctx, id, listComponentsPage);
  const subs = await subscriptionsUsing(ctx, { componentId: c.id });
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, c.currency));
  return (
    <>
      <LedgerHead
        suspend={{
          action: suspendComponent,
          body: <p>It can no longer be added to subscriptions; the {plural(subs.active, "active subscription")} that have it keep being billed for it.</p>,
        }}
        restore={{
          action: restoreComponent,
          body: <p>It can be added to subscriptions again.{c.status === STATUS.DELETED ? " A deleted component can be restored within 90 days." : ""}</p>,
        }}
        delete={{
          action: deleteComponent,
          body: (
            <>
              <p>It becomes unavailable to its {plural(subs.live, "subscription")} (no longer billed for it) and to new ones.</p>
              <p>You can restore it within 90 days.</p>
            </>
          ),
        }}
        brandId={brandId}
        kind="component"
        record={c}
      />

      <FactsCard
        id="pricing"
        title="Pricing"
        facts={[
          ["Product group", <Link href={`${dash}/product-groups/${c.productGroupId}`}>{groupName}</Link>],
          ["Type", componentTypeLabel(c.type)],
          [c.type === "traditional" ? "Price per period" : "Price per unit", money(c.unitPriceCents), "num"],
          ["Setup fee", money(c.setupFeeCents), "num"],
          c.type !== "traditional" && ["Units included free", c.startingQuantity ?? 0, "num"],
          c.type === "quantitative" && ["Most units", c.maximumUnits ?? "No limit", "num"],
          ["Taxable", c.taxable ? "Yes" : "No"],
          ["Subscriptions with it", subs.live, "num"],
        ]}
      />

      <RecordAbout noun="Component" record={c} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
