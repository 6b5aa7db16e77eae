import Link from "next/link";
import type { ReactNode } from "react";
import { dashboardContext } from "@/app/_auth/session";
import { listProductsPage } from "@/lib/catalog/list-products";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant, formatMoney, formatPeriod } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { ledgerSteps, plural } from "@/components/dashboard/ledger-steps";
import { loadGroup } from "../_components/load-group";
import { componentTypeLabel } from "../../components/_components/types";
import { enforcementLabel } from "../../dunning-rules/_components/enforcement";
import { deleteProductGroup, restoreProductGroup, suspendProductGroup } from "../actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Product group · Recurring Billing" };

/** How many of a group's products, components and rules the page lists (a group rarely has more). */
const MAX_SHOWN = 100;

export default async function ProductGroupPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { group: g, variables } = await loadGroup(ctx, id);
  const byGroup = { productGroupId: g.product_group_id };
  const [products, components, rules, subs] = await Promise.all([
    listProductsPage(ctx, { filters: byGroup, sort: { key: "name" }, pageSize: MAX_SHOWN }),
    listComponentsPage(ctx, { filters: byGroup, sort: { key: "name" }, pageSize: MAX_SHOWN }),
    listDunningRulesPage(ctx, { filters: byGroup, sort: { key: "overdue_days" }, pageSize: MAX_SHOWN }),
    subscriptionsUsing(ctx, byGroup),
  ]);
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/product-groups`;
  const input = { product_group_id: g.product_group_id };
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Product groups</Link> / {g.name}
      </p>
      <div className="page-head">
        <h1>
          {g.name} <StatusBadge status={g.status} />
        </h1>
        <div className="actions">
          {g.status !== STATUS.DELETED && (
            <Link href={`${base}/${g.product_group_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions
            brandId={brandId}
            input={input}
            steps={ledgerSteps({
              status: g.status,
              name: g.name,
              noun: "group",
              suspend: {
                action: suspendProductGroup,
                body: (
                  <p>
                    Suspending this group stops billing for its {plural(subs.active, "active subscription")}, and no new subscriptions can start on its
                    products, until you restore it.
                  </p>
                ),
              },
              restore: {
                action: restoreProductGroup,
                body: (
                  <p>
                    The group becomes active again
                    {g.status === STATUS.SUSPENDED
                      ? ` and billing resumes for its ${plural(subs.live, "subscription")}.`
                      : ". The subscriptions that ended when it was deleted are not restored with it."}
                  </p>
                ),
              },
              delete: {
                action: deleteProductGroup,
                body: (
                  <>
                    <p>
                      Deleting this group ends its {plural(subs.live, "subscription")} (no further billing). Its products and components keep their own status
                      but cannot be sold.
                    </p>
                    <p>You can restore the group later, but not the subscriptions that ended.</p>
                  </>
                ),
              },
            })}
          />
        </div>
      </div>

      <section className="card" aria-labelledby="about">
        <h2 id="about">About</h2>
        <dl className="details">
          <dt>Description</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{g.description}</dd>
          <dt>Action URL</dt>
          <dd style={{ overflowWrap: "anywhere" }}>{g.action_url ?? "—"}</dd>
          <dt>Active subscriptions</dt>
          <dd className="num">{subs.active}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(g.created)}</dd>
          {g.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(g.deleted)}</dd>
            </>
          )}
        </dl>
      </section>

      <Related
        id="variables"
        title={`Custom variables (${variables.length})`}
        empty="No custom variables."
        head={["Slot", "Name", "Type", "Options", "Asked", "Changeable", "Category"]}
        rows={variables.map((v) => [
          v.slot,
          v.name,
          v.type,
          v.options || "—",
          v.prompt === "Y" ? "Yes" : "No",
          v.swapable === "Y" ? "Yes" : "No",
          v.category || "—",
        ])}
      />
      <Related
        id="products"
        title={`Products (${products.total})`}
        empty="No products in this group yet."
        add={g.status !== STATUS.DELETED ? { href: `${dash}/products/new?group=${g.product_group_id}`, label: "New product" } : undefined}
        head={["Name", "Status", "Price", "Every"]}
        numeric={[2]}
        rows={products.rows.map((p) => [
          <Link key="n" href={`${dash}/products/${p.id}`}>
            {p.name}
          </Link>,
          <StatusBadge key="s" status={p.status} />,
          formatMoney(p.recurringPriceCents, p.currency),
          formatPeriod(p.intervalUnit, p.expirationInterval),
        ])}
      />
      <Related
        id="components"
        title={`Components (${components.total})`}
        empty="No components in this group yet."
        add={g.status !== STATUS.DELETED ? { href: `${dash}/components/new?group=${g.product_group_id}`, label: "New component" } : undefined}
        head={["Name", "Type", "Status", "Unit price"]}
        numeric={[3]}
        rows={components.rows.map((c) => [
          <Link key="n" href={`${dash}/components/${c.id}`}>
            {c.name}
          </Link>,
          componentTypeLabel(c.type),
          <StatusBadge key="s" status={c.status} />,
          formatMoney(c.unitPriceCents, c.currency),
        ])}
      />
      <Related
        id="rules"
        title={`Dunning rules (${rules.total})`}
        empty="No dunning rules watch this group."
        add={g.status !== STATUS.DELETED ? { href: `${dash}/dunning-rules/new?group=${g.product_group_id}`, label: "New dunning rule" } : undefined}
        head={["Name", "Overdue days", "Amount at least", "Action"]}
        numeric={[1, 2]}
        rows={rules.rows.map((r) => [
          <Link key="n" href={`${dash}/dunning-rules/${r.id}`}>
            {r.name}
          </Link>,
          r.overdueDays,
          formatMoney(r.overdueAmountCents, r.currency),
          enforcementLabel(r.action),
        ])}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}

/** A card listing records that belong to the group. */
function Related({
  id,
  title,
  empty,
  head,
  rows,
  numeric = [],
  add,
}: {
  id: string;
  title: string;
  empty: string;
  head: string[];
  rows: ReactNode[][];
  numeric?: number[];
  add?: { href: string; label: string };
}) {
  const num = (i: number) => (numeric.includes(i) ? "num" : undefined);
  return (
    <section className="card" aria-labelledby={id}>
      <div className="page-head">
        <h2 id={id}>{title}</h2>
        {add && (
          <Link href={add.href} className="button secondary small">
            {add.label}
          </Link>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
          <table>
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th key={h} scope="col" className={num(i)}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, n) => (
                <tr key={n}>
                  {r.map((c, i) => (
                    <td key={i} className={num(i)}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
