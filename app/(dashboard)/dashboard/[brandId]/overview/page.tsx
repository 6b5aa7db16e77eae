import Link from "next/link";
import type { ReactNode } from "react";
import { dashboardContext } from "@/app/_auth/session";
import type { RawSearchParams } from "@/components/data-table/search-params";
import { figureHref, figureLinks, type FigureLink } from "@/lib/insights/links";
import { brandOverview, OVERVIEW_SECTIONS, type OverviewSection, type RevenueMonth } from "@/lib/insights/overview";
import { taxLineName } from "@/lib/tax/compute";
import { DEFAULT_PERIOD, isPeriodKey, PERIODS, type Period, type PeriodKey } from "@/lib/insights/periods";
import { AmountBarChart } from "./_components/bar-chart";
import { formatMoney } from "@/lib/format";
import { Table, type Column } from "@/components/ui/table";
import { dayLabel, monthLabel } from "./format";
import styles from "./overview.module.css";

export const metadata = { title: "Overview · Recurring Billing" };

/** A figure: its value, what it means, and the list of the records behind it (the filtered list page). */
function Figure({ label, value, note, href }: { label: string; value: ReactNode; note?: ReactNode; href: string }) {
  return (
    <Link href={href} className={styles.figure}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
      {note && <span className={styles.note}>{note}</span>}
    </Link>
  );
}

/**
 * A section's period picker (one per section, as Stripe's and Chargebee's charts have): links that
 * keep the other section's choice, the state in the URL (`?movement=90d&revenue=12m`).
 */
function PeriodPicker({
  section,
  label,
  chosen,
  period,
  base,
}: {
  section: OverviewSection;
  label: string;
  chosen: Record<OverviewSection, PeriodKey>;
  period: Period;
  base: string;
}) {
  return (
    <div className={styles.picker}>
      <nav aria-label={`${label} period`} className={styles.periods}>
        {Object.entries(PERIODS).map(([k, name]) => (
          <Link
            key={k}
            href={`${base}/overview?${new URLSearchParams({ ...chosen, [section]: k })}`}
            aria-current={k === chosen[section] ? "page" : undefined}
            className={styles.period}
            scroll={false}
          >
            {name}
          </Link>
        ))}
      </nav>
      <span className={styles.range}>
        {dayLabel(period.from)} – {dayLabel(period.to)}
      </span>
    </div>
  );
}

/** The revenue table's columns after the month, and the list behind each (none for a difference of two). */
const REVENUE_COLUMNS: { key: Exclude<keyof RevenueMonth, "month">; label: string; list?: (l: ReturnType<typeof figureLinks>, month: string) => FigureLink }[] =
  [
    { key: "invoiced", label: "Invoiced", list: (l, m) => l.invoicedIn(m) },
    { key: "tax", label: "Tax", list: (l, m) => l.invoicedIn(m) },
    { key: "netOfTax", label: "Net of tax" },
    { key: "collected", label: "Collected", list: (l, m) => l.collectedIn(m) },
    { key: "refunded", label: "Refunded", list: (l, m) => l.refundedIn(m) },
    { key: "netCollected", label: "Net of refunds" },
  ];

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default async function OverviewPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const sp = await searchParams;
  const ctx = await dashboardContext(brandId);
  // Each section's period from the URL; `period` (older links) sets both.
  const both = isPeriodKey(sp.period) ? sp.period : DEFAULT_PERIOD;
  const chosen = Object.fromEntries(OVERVIEW_SECTIONS.map((s) => [s, isPeriodKey(sp[s]) ? sp[s] : both])) as Record<OverviewSection, PeriodKey>;
  const o = await brandOverview(ctx, chosen);
  // Every figure is in the brand's currency (minor units).
  const money = (minor: number) => formatMoney(minor, ctx.brand.currency);
  const base = `/dashboard/${brandId}`;
  const links = figureLinks(o);
  const href = (l: FigureLink) => figureHref(brandId, l);
  const revenue = o.revenueByMonth.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const revenueRange = `${dayLabel(o.periods.revenue.from)} – ${dayLabel(o.periods.revenue.to)}`;
  return (
    <>
      <div className="page-head">
        <h1>Overview</h1>
      </div>
      <p className="muted">
        Today is {dayLabel(o.today)} (brand time zone {ctx.brand.timezoneId}). MRR, balances and renewals are as of today; each figure opens the list of its
        records.
      </p>

      <section aria-labelledby="recurring" className={styles.section}>
        <h2 id="recurring">Recurring revenue</h2>
        <div className={styles.grid}>
          <Figure label="MRR" value={money(o.mrr)} note="Next charges per month, net of discounts" href={href(links.active)} />
          <Figure label="ARR" value={money(o.arr)} note="12 × MRR" href={href(links.active)} />
          <Figure label="Active subscriptions" value={o.active.toLocaleString("en-US")} note="Paying, not in a trial" href={href(links.active)} />
          <Figure label="Trialing" value={o.trialing.toLocaleString("en-US")} note="Active, in their trial" href={href(links.trialing)} />
        </div>
      </section>

      <section aria-labelledby="movement" className={styles.section}>
        <div className={styles.cardHead}>
          <h2 id="movement">Subscriptions in the period</h2>
          <PeriodPicker section="movement" label="Subscriptions" chosen={chosen} period={o.periods.movement} base={base} />
        </div>
        <div className={styles.grid}>
          <Figure
            label="New"
            value={o.newSubscriptions.toLocaleString("en-US")}
            note="Started by new or current customers"
            href={href(links.newSubscriptions)}
          />
          <Figure
            label="Reactivated"
            value={o.reactivated.toLocaleString("en-US")}
            note="Started by customers who had cancelled"
            href={href(links.reactivated)}
          />
          <Figure label="Churned" value={o.churned.toLocaleString("en-US")} note="Cancelled or deleted" href={href(links.churned)} />
          <Figure
            label="Failed payments"
            value={money(o.failedPayments.amount)}
            note={plural(o.failedPayments.count, "declined charge")}
            href={href(links.failedPayments)}
          />
        </div>
      </section>

      <section aria-labelledby="revenue" className={`card ${styles.section}`}>
        <div className={styles.cardHead}>
          <h2 id="revenue">Revenue by month</h2>
          <PeriodPicker section="revenue" label="Revenue" chosen={chosen} period={o.periods.revenue} base={base} />
        </div>
        <p className={styles.totals}>
          <Link href={href(links.invoiced)}>
            Invoiced <strong>{money(o.invoiced)}</strong>
          </Link>
          <span>
            Net of tax <strong>{money(o.netOfTax)}</strong>
          </span>
          <Link href={href(links.collected)}>
            Collected <strong>{money(o.collected)}</strong>
          </Link>
          <Link href={href(links.refunded)}>
            Refunded <strong>{money(o.refunded)}</strong>
          </Link>
          <span>
            Net of refunds <strong>{money(o.netCollected)}</strong>
          </span>
        </p>
        <AmountBarChart
          currency={ctx.brand.currency}
          data={revenue}
          category="label"
          series={[
            { key: "invoiced", label: "Invoiced", color: "#2f5bea" },
            { key: "collected", label: "Collected", color: "#12b76a" },
          ]}
          empty="Nothing was invoiced or collected in this period."
        />
        <Table
          className={styles.table}
          caption={`Invoiced, tax, collected and refunded by month, ${revenueRange}`}
          rows={revenue}
          rowKey={(m) => m.month}
          columns={[
            { header: "Month", rowHeader: true, cell: (m) => m.label },
            ...REVENUE_COLUMNS.map((c): Column<(typeof revenue)[number]> => ({
              header: c.label,
              numeric: true,
              cell: (m) => {
                const list = c.list?.(links, m.month);
                return list ? <Link href={href(list)}>{money(m[c.key])}</Link> : money(m[c.key]);
              },
            })),
          ]}
        />
        <p className={styles.small}>
          Invoiced includes tax; collected counts payments in the month they came in, refunded the money handed back in the month it went back.
        </p>
      </section>

      <section aria-labelledby="tax" className={`card ${styles.section}`}>
        <div className={styles.cardHead}>
          <h2 id="tax">Tax collected</h2>
          <span className="muted">
            {revenueRange} ·{" "}
            <a className="button secondary" href={`${base}/export/tax-collected?${new URLSearchParams({ period: chosen.revenue })}`} download>
              Export CSV<span className="visually-hidden"> of the tax collected by month and rate</span>
            </a>
          </span>
        </div>
        {o.taxByRate.length === 0 ? (
          <p className="muted">No tax on the invoices of this period.</p>
        ) : (
          <Table
            className={styles.table}
            caption={`Tax on the invoices created in each month, by rate, ${revenueRange}`}
            rows={o.taxByRate}
            rowKey={(r) => `${r.month} ${r.taxRateId} ${r.name} ${r.percentage} ${r.inclusive} ${r.reverseCharge}`}
            columns={[
              { header: "Month", rowHeader: true, cell: (r) => monthLabel(r.month) },
              { header: "Rate", cell: (r) => taxLineName({ ...r, amount: r.tax }) },
              { header: "Invoices", numeric: true, cell: (r) => r.invoices.toLocaleString("en-US") },
              { header: "Taxed amount", numeric: true, cell: (r) => money(r.taxedAmount) },
              { header: "Tax", numeric: true, cell: (r) => money(r.tax) },
            ]}
            sums={[{ label: "Total", value: <strong>{money(o.tax)}</strong> }]}
          />
        )}
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="receivables" className={`card ${styles.section}`}>
          <div className={styles.cardHead}>
            <h2 id="receivables">Receivables</h2>
            <Link href={href(links.outstanding)} className="muted">
              Outstanding <strong>{money(o.receivables.outstanding.amount)}</strong> ({plural(o.receivables.outstanding.count, "invoice")})
            </Link>
          </div>
          <AmountBarChart
            currency={ctx.brand.currency}
            data={o.receivables.aging.map((a) => ({ label: a.key, amount: a.amount }))}
            category="label"
            series={[{ key: "amount", label: "Overdue", color: "#d92d20" }]}
            empty="Nothing is past due."
          />
          <Table
            className={styles.table}
            caption="Unpaid invoice balances by days past due, today"
            rows={[
              { key: "not-due", label: "Not yet due", ...o.receivables.notDue, link: links.notDue },
              ...o.receivables.aging.map((a) => ({ ...a, link: links.aging[a.key] })),
            ]}
            rowKey={(a) => a.key}
            columns={[
              { header: "Past due", rowHeader: true, cell: (a) => a.label },
              { header: "Invoices", numeric: true, cell: (a) => a.count.toLocaleString("en-US") },
              { header: "Balance", numeric: true, cell: (a) => <Link href={href(a.link)}>{money(a.amount)}</Link> },
            ]}
          />
        </section>

        <section aria-labelledby="renewals" className={`card ${styles.section}`}>
          <h2 id="renewals">Upcoming renewals</h2>
          <div className={styles.grid}>
            {o.renewals.map((r) => (
              <Figure
                key={r.days}
                label={`Next ${r.days} days`}
                value={money(r.amount)}
                note={plural(r.count, "renewal")}
                href={href(links.renewals(r.days))}
              />
            ))}
          </div>
          <p className={styles.small}>Each renewal&apos;s next regular charge, metered usage not included.</p>
        </section>
      </div>
    </>
  );
}
