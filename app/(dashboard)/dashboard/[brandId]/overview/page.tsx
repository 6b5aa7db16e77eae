import Link from "next/link";
import type { ReactNode } from "react";
import { dashboardContext } from "@/app/_auth/session";
import type { RawSearchParams } from "@/components/data-table/search-params";
import { brandOverview } from "@/lib/insights/overview";
import { DEFAULT_PERIOD, isPeriodKey, PERIODS } from "@/lib/insights/periods";
import { AmountBarChart } from "./_components/bar-chart";
import { dayLabel, formatUsd, monthLabel } from "./format";
import styles from "./overview.module.css";

export const metadata = { title: "Overview · Recurring Billing" };

/** A figure: its value, what it means, and the list of the records behind it. */
function Figure({ label, value, note, href }: { label: string; value: ReactNode; note?: ReactNode; href: string }) {
  return (
    <Link href={href} className={styles.figure}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
      {note && <span className={styles.note}>{note}</span>}
    </Link>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default async function OverviewPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const sp = await searchParams;
  const ctx = await dashboardContext(brandId);
  const key = isPeriodKey(sp.period) ? sp.period : DEFAULT_PERIOD;
  const o = await brandOverview(ctx, key);
  const base = `/dashboard/${brandId}`;
  // The list pages filter by status and sort (no date-range filter yet): each link opens the closest list.
  const links = {
    active: `${base}/subscriptions?status=1`,
    created: `${base}/subscriptions?sort=created_at&dir=desc`,
    churned: `${base}/subscriptions?status=3&sort=created_at&dir=desc`,
    renewals: `${base}/subscriptions?status=1&sort=renewal_date&dir=asc`,
    invoices: `${base}/invoices?sort=created_at&dir=desc`,
    unpaid: `${base}/invoices?status=0&sort=due_date&dir=asc`,
    partlyPaid: `${base}/invoices?status=2&sort=due_date&dir=asc`,
    collected: `${base}/payments?status=succeeded`,
    failed: `${base}/payments?status=failed`,
  };
  const range = `${dayLabel(o.period.from)} – ${dayLabel(o.period.to)}`;
  const revenue = o.revenueByMonth.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <>
      <div className="page-head">
        <h1>Overview</h1>
        <nav aria-label="Period" className={styles.periods}>
          {Object.entries(PERIODS).map(([k, label]) => (
            <Link key={k} href={`${base}/overview?period=${k}`} aria-current={k === key ? "page" : undefined} className={styles.period}>
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <p className="muted">
        {o.period.label}: {range} (brand time zone {ctx.brand.timezoneId}). Balances, MRR and renewals are as of today.
      </p>

      <section aria-labelledby="recurring" className={styles.section}>
        <h2 id="recurring">Recurring revenue</h2>
        <div className={styles.grid}>
          <Figure label="MRR" value={formatUsd(o.mrr)} note="Next charges per 30 days, net of discounts" href={links.active} />
          <Figure label="ARR" value={formatUsd(o.arr)} note="12 × MRR" href={links.active} />
          <Figure label="Active subscriptions" value={o.active.toLocaleString("en-US")} note="Paying, not in a trial" href={links.active} />
          <Figure label="Trialing" value={o.trialing.toLocaleString("en-US")} note="Active, in their trial" href={links.active} />
        </div>
      </section>

      <section aria-labelledby="movement" className={styles.section}>
        <h2 id="movement">Subscriptions in the period</h2>
        <div className={styles.grid}>
          <Figure label="New" value={o.newSubscriptions.toLocaleString("en-US")} note="Started by new or current customers" href={links.created} />
          <Figure label="Reactivated" value={o.reactivated.toLocaleString("en-US")} note="Started by customers who had cancelled" href={links.created} />
          <Figure label="Churned" value={o.churned.toLocaleString("en-US")} note="Cancelled or deleted" href={links.churned} />
          <Figure
            label="Failed payments"
            value={formatUsd(o.failedPayments.amount)}
            note={plural(o.failedPayments.count, "declined charge")}
            href={links.failed}
          />
        </div>
      </section>

      <section aria-labelledby="revenue" className={`card ${styles.section}`}>
        <div className={styles.cardHead}>
          <h2 id="revenue">Revenue by month</h2>
          <span className="muted">
            Invoiced <strong>{formatUsd(o.invoiced)}</strong> · Collected <strong>{formatUsd(o.collected)}</strong>
          </span>
        </div>
        <AmountBarChart
          data={revenue}
          category="label"
          series={[
            { key: "invoiced", label: "Invoiced", color: "#2f5bea" },
            { key: "collected", label: "Collected", color: "#12b76a" },
          ]}
        />
        <div className="table-scroll">
          <table className={styles.table}>
            <caption className="visually-hidden">Invoiced and collected by month, {range}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  Invoiced
                </th>
                <th scope="col" className="num">
                  Collected
                </th>
              </tr>
            </thead>
            <tbody>
              {revenue.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.label}</th>
                  <td className="num">
                    <Link href={links.invoices}>{formatUsd(m.invoiced)}</Link>
                  </td>
                  <td className="num">
                    <Link href={links.collected}>{formatUsd(m.collected)}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="receivables" className={`card ${styles.section}`}>
          <div className={styles.cardHead}>
            <h2 id="receivables">Receivables</h2>
            <span className="muted">
              Outstanding <strong>{formatUsd(o.receivables.outstanding.amount)}</strong>
            </span>
          </div>
          <AmountBarChart
            data={o.receivables.aging.map((a) => ({ label: a.key, amount: a.amount }))}
            category="label"
            series={[{ key: "amount", label: "Overdue", color: "#d92d20" }]}
          />
          <table className={styles.table}>
            <caption className="visually-hidden">Unpaid invoice balances by days past due, today</caption>
            <thead>
              <tr>
                <th scope="col">Past due</th>
                <th scope="col" className="num">
                  Invoices
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Not yet due</th>
                <td className="num">{o.receivables.notDue.count.toLocaleString("en-US")}</td>
                <td className="num">
                  <Link href={links.unpaid}>{formatUsd(o.receivables.notDue.amount)}</Link>
                </td>
              </tr>
              {o.receivables.aging.map((a) => (
                <tr key={a.key}>
                  <th scope="row">{a.label}</th>
                  <td className="num">{a.count.toLocaleString("en-US")}</td>
                  <td className="num">
                    <Link href={links.unpaid}>{formatUsd(a.amount)}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.small}>
            Lists: <Link href={links.unpaid}>unpaid invoices</Link> · <Link href={links.partlyPaid}>partially paid invoices</Link> (oldest due first)
          </p>
        </section>

        <section aria-labelledby="renewals" className={`card ${styles.section}`}>
          <h2 id="renewals">Upcoming renewals</h2>
          <div className={styles.grid}>
            {o.renewals.map((r) => (
              <Figure key={r.days} label={`Next ${r.days} days`} value={formatUsd(r.amount)} note={plural(r.count, "renewal")} href={links.renewals} />
            ))}
          </div>
          <p className={styles.small}>Each renewal&apos;s next regular charge, metered usage not included.</p>
        </section>
      </div>
    </>
  );
}
