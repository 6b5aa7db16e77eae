import Link from "next/link";
import { listProductsPage } from "@/lib/catalog/list-products";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatMoney, formatPeriod } from "@/lib/format";
import { plural } from "@/components/dashboard/ledger-steps";
import { LedgerHead } from "@/components/dashboard/ledger-head";
import { CompactSection, NewFor } from "@/components/dashboard/compact-table";
import { FactsCard, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { loadGroup } from "../_components/load-group";
import { componentTypeLabel } from "../../components/_components/types";
import { enforcementLabel } from "../../dunning-rules/_components/enforcement";
import { deleteProductGroup, restoreProductGroup, suspendProductGroup } from "../actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Product group · Recurring Billing" };

/** How many of a group's products, components and rules the page lists (a group rarely has more). */
const MAX_SHOWN = 100;

export default async function ProductGroupPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const g = await loadGroup(ctx, id);
  const byGroup = { productGroupId: g.id };
  const [products, components, rules, subs] = await Promise.all([
    listProductsPage(ctx, { filters: byGroup, sort: { key: "name" }, pageSize: MAX_SHOWN }),
    listComponentsPage(ctx, { filters: byGroup, sort: { key: "name" }, pageSize: MAX_SHOWN }),
    listDunningRulesPage(ctx, { filters: byGroup, sort: { key: "overdue_days" }, pageSize: MAX_SHOWN }),
    subscriptionsUsing(ctx, byGroup),
  ]);
  const live = g.status !== STATUS.DELETED;
  /** A new record in this group, while it is not deleted. */
  const add = (path: string, label: string) => live && <NewFor href={`${dash}/${path}/new?group=${g.id}`} label={label} />;
  return (
    <>
      <LedgerHead
        suspend={{
          action: suspendProductGroup,
          body: (
            <p>
              Suspending this group stops billing for its {plural(subs.active, "active subscription")}, and no new subscriptions can start on its products,
              until you restore it.
            </p>
          ),
        }}
        restore={{
          action: restoreProductGroup,
          body: (
            <p>
              The group becomes active again
              {g.status === STATUS.SUSPENDED
                ? ` and billing resumes for its ${plural(subs.live, "subscription")}.`
                : ". The subscriptions that ended when it was deleted are not restored with it."}
            </p>
          ),
        }}
        delete={{
          action: deleteProductGroup,
          body: (
            <>
              <p>
                Deleting this group ends its {plural(subs.live, "subscription")} (no further billing). Its products and components keep their own status but
                cannot be sold.
              </p>
              <p>You can restore the group later, but not the subscriptions that ended.</p>
            </>
          ),
        }}
        brandId={brandId}
        kind="group"
        record={{ id: g.id, name: g.name, status: g.status }}
      />

      <FactsCard
        id="about"
        title="About"
        facts={[
          ["Description", g.description, "prose"],
          ["Action URL", g.actionUrl ?? "—"],
          ["Active subscriptions", subs.active, "num"],
          ...recordDates(g.createdAt, g.deletedAt),
        ]}
      />

      <CompactSection
        id="variables"
        title="Custom variables"
        regionLabel="Custom variables of this group"
        empty="No custom variables."
        list={{ rows: g.variables }}
        columns={[
          { header: "Slot", cell: (v) => v.slot },
          { header: "Name", cell: (v) => v.name },
          { header: "Type", cell: (v) => v.type },
          { header: "Options", cell: (v) => v.options.join(", ") || "—" },
          { header: "Asked", cell: (v) => (v.prompt ? "Yes" : "No") },
          { header: "Changeable", cell: (v) => (v.swapable ? "Yes" : "No") },
          { header: "Category", cell: (v) => v.category || "—" },
        ]}
      />
      <CompactSection
        id="products"
        title="Products"
        regionLabel="Products of this group"
        empty="No products in this group yet."
        actions={add("products", "New product")}
        list={products}
        columns={[
          { header: "Name", cell: (p) => <Link href={`${dash}/products/${p.id}`}>{p.name}</Link> },
          { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
          { header: "Price", numeric: true, cell: (p) => formatMoney(p.recurringPriceCents, p.currency) },
          { header: "Every", cell: (p) => formatPeriod(p.intervalUnit, p.expirationInterval) },
        ]}
      />
      <CompactSection
        id="components"
        title="Components"
        regionLabel="Components of this group"
        empty="No components in this group yet."
        actions={add("components", "New component")}
        list={components}
        columns={[
          { header: "Name", cell: (c) => <Link href={`${dash}/components/${c.id}`}>{c.name}</Link> },
          { header: "Type", cell: (c) => componentTypeLabel(c.type) },
          { header: "Status", cell: (c) => <StatusBadge status={c.status} /> },
          { header: "Unit price", numeric: true, cell: (c) => formatMoney(c.unitPriceCents, c.currency) },
        ]}
      />
      <CompactSection
        id="rules"
        title="Dunning rules"
        regionLabel="Dunning rules of this group"
        empty="No dunning rules watch this group."
        actions={add("dunning-rules", "New dunning rule")}
        list={rules}
        columns={[
          { header: "Name", cell: (r) => <Link href={`${dash}/dunning-rules/${r.id}`}>{r.name}</Link> },
          { header: "Overdue days", numeric: true, cell: (r) => r.overdueDays },
          { header: "Amount at least", numeric: true, cell: (r) => formatMoney(r.overdueAmountCents, r.currency) },
          { header: "Action", cell: (r) => enforcementLabel(r.action) },
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
