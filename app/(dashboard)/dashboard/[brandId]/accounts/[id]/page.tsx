import Link from "next/link";
import { notFound } from "next/navigation";
import { listAccountsPage } from "@/lib/accounts/list-accounts";
import { listSubscriptionsPage } from "@/lib/subscriptions/list-subscriptions";
import { listInvoicesPage } from "@/lib/invoices/list-invoices";
import { listPaymentsPage } from "@/lib/payments/list-payments";
import { listCreditNotesPage } from "@/lib/credit-notes/list";
import { CreditNoteSection } from "../../credit-notes/_components/credit-note-section";
import { listPayMethodsPage } from "@/lib/pay-methods/list-pay-methods";
import { listUsersPage } from "@/lib/users/list-users";
import { listNotesPage } from "@/lib/notes/list-notes";
import { listTicketsPage } from "@/lib/tickets/list-tickets";
import { accountTimeline, type TimelineKind } from "@/lib/dashboard/timeline";
import { isUuid } from "@/lib/ids";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, invoiceName, shortId, statusLabel } from "@/lib/format";
import { STATUS } from "@/lib/lifecycle";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";
import { CompactSection, NewFor } from "@/components/dashboard/compact-table";
import { DetailHead, EditLink, FactsCard, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { AccountActions } from "../_components/account-actions";
import { HubActions } from "../_components/hub-actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { auditRecordHref } from "@/components/dashboard/audit-links";
import { ratesForAccount } from "@/lib/tax/rates";
import { formatPercentage } from "@/lib/percentage";

export const metadata = { title: "Customer account · Recurring Billing" };

/** Rows each section shows; the section says how many there are in all. */
const SHOWN = 10;
const TIMELINE_PAGE = 20;

/** Where a timeline entry's record lives in the dashboard (outbox events have no page: none). */
const TIMELINE_PATHS: Partial<Record<TimelineKind, string>> = {
  user: "users",
  subscription: "subscriptions",
  invoice: "invoices",
  payment: "payments",
  note: "notes",
  ticket: "tickets",
  event: "deliveries",
};

/**
 * The customer hub: the account's profile and everything of it (users, subscriptions, invoices
 * with balances, credit notes, payments, pay methods, notes, tickets), each a compact table linking to the
 * record, the timeline of what happened to it (paged with ?timeline=N), and the hub's actions.
 */
export default async function AccountPage({ params, searchParams }: RecordPageProps & { searchParams: Promise<{ timeline?: string }> }) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const tlPage = Math.max(1, Math.min(10_000, Number((await searchParams).timeline) || 1));
  const mine = { filters: { customerAccountId: id }, pageSize: SHOWN };
  const newest = { key: "created_at", dir: "desc" } as const;
  const [{ rows }, users, subs, invoices, payments, payMethods, notes, tickets, timeline, credits] = await Promise.all([
    listAccountsPage(ctx, { filters: { customerAccountId: id } }),
    listUsersPage(ctx, { ...mine, sort: newest }),
    listSubscriptionsPage(ctx, { ...mine, sort: newest }),
    listInvoicesPage(ctx, { ...mine, sort: newest }),
    listPaymentsPage(ctx, { ...mine, sort: newest }),
    listPayMethodsPage(ctx, { ...mine, sort: newest }),
    listNotesPage(ctx, { ...mine, sort: newest }),
    listTicketsPage(ctx, { ...mine, sort: { key: "updated_at", dir: "desc" } }),
    accountTimeline(ctx, id, { page: tlPage, pageSize: TIMELINE_PAGE }),
    listCreditNotesPage(ctx, { ...mine, sort: newest }),
  ]);
  const a = rows[0];
  if (!a) notFound();
  const taxRates = await ratesForAccount(ctx, {
    taxExempt: a.taxExempt ? "Y" : "N",
    taxExemptReason: a.taxExemptReason,
    country: a.country,
    state: a.state,
    taxId: a.taxId,
  });
  const base = `${dash}/accounts`;
  const name = `${a.firstName} ${a.lastName}`;
  const address = [a.address, a.address2, [a.unitType, a.unit].filter(Boolean).join(" "), [a.city, a.state, a.zipCode].filter(Boolean).join(", "), a.country]
    .filter(Boolean)
    .join(" · ");
  const liveSubs = subs.rows.filter((s) => s.status !== STATUS.DELETED).length;
  const openBalance = invoices.rows.reduce((n, i) => n + (i.status !== INVOICE_STATUS.DELETED ? i.balanceCents : 0), 0);
  const tlPages = Math.max(1, Math.ceil(timeline.total / TIMELINE_PAGE));
  const activeUsers = users.rows
    .filter((u) => u.status === STATUS.ACTIVE)
    .map((u) => ({ id: u.user_id, label: `${u.first_name} ${u.last_name} (${u.username})` }));
  return (
    <>
      <DetailHead list={{ href: base, label: "Customer accounts" }} title={name} badge={<StatusBadge status={a.status} />}>
        {a.status !== STATUS.DELETED && <EditLink href={`${base}/${a.id}/edit`} />}
        <AccountActions brandId={brandId} id={a.id} name={name} status={a.status} liveSubscriptions={liveSubs} />
      </DetailHead>
      {a.status !== STATUS.DELETED && (
        <div className="actions hub-actions" role="group" aria-label="Work on this account">
          <HubActions brandId={brandId} accountId={a.id} users={a.status === STATUS.ACTIVE ? activeUsers : []} />
        </div>
      )}

      <FactsCard
        id="profile"
        title="Profile"
        facts={[
          ["Email", a.emailAddress],
          ["Company", a.companyName ?? "—"],
          ["Phone", a.phoneNumber ? `+${a.phoneNumberCountryCode ?? ""} ${a.phoneNumber}` : "—"],
          ["Address", address || "—"],
          ["Locale and time zone", `${a.locale} · ${a.timezoneId}`],
          ["Prepaid balance", formatMoney(a.prepaidBalanceCents, a.currency), "num"],
          ["Open invoice balance", `${formatMoney(openBalance, a.currency)}${invoices.total > invoices.rows.length ? " (latest invoices)" : ""}`, "num"],
          ...recordDates(a.createdAt, a.deletedAt),
        ]}
      />

      <FactsCard
        id="tax-status"
        title="Tax"
        facts={[
          ["Tax exempt", a.taxExempt ? `Yes${a.taxExemptReason ? `: ${a.taxExemptReason}` : ""}` : "No"],
          ["Tax id", a.taxId || "—"],
          ["Taxed in", [a.country, a.state].filter(Boolean).join(" · ") || "— (no country: no tax)"],
          ["Rates that apply", <RatesThatApply rates={taxRates} exempt={a.taxExempt} dash={dash} />],
        ]}
      />

      <CompactSection
        id="subs"
        actions={<NewFor href={`${dash}/subscriptions/new?customer_account_id=${id}`} label="New subscription" />}
        title="Subscriptions"
        list={subs}
        empty="No subscriptions."
        columns={[
          { header: "Product", cell: (s) => <Link href={`${dash}/subscriptions/${s.id}`}>{s.productName ?? shortId(s.id)}</Link> },
          { header: "Status", cell: (s) => <StatusBadge status={s.status} /> },
          { header: "Started", cell: (s) => formatDate(s.startDate) },
          { header: "Renews", cell: (s) => formatDate(s.renewalDate) },
          { header: "Next charge", numeric: true, cell: (s) => (s.nextRenewalCents === null ? "—" : formatMoney(s.nextRenewalCents, s.currency)) },
        ]}
      />

      <CompactSection
        id="invoices"
        actions={<NewFor href={`${dash}/invoices/new?customer_account_id=${id}`} label="New invoice" />}
        title="Invoices"
        list={invoices}
        empty="No invoices."
        columns={[
          {
            header: "Invoice",
            cell: (i) => <Link href={`${dash}/invoices/${i.id}`}>{invoiceName(i)}</Link>,
          },
          { header: "Due", cell: (i) => formatDate(i.dueDate) },
          { header: "Status", cell: (i) => <StatusBadge status={i.status} kind="invoice" /> },
          { header: "Total", numeric: true, cell: (i) => formatMoney(i.totalCents, i.currency) },
          { header: "Paid", numeric: true, cell: (i) => formatMoney(i.paidCents, i.currency) },
          { header: "Balance", numeric: true, cell: (i) => formatMoney(i.balanceCents, i.currency) },
        ]}
      />
      <CreditNoteSection brandId={brandId} rows={credits.rows} total={credits.total} of={{ customerAccountId: id }} />

      <CompactSection
        id="users"
        actions={<NewFor href={`${dash}/users/new?customer_account_id=${id}`} label="New user" />}
        title="Users"
        list={users}
        empty="No portal users."
        columns={[
          { header: "User", cell: (u) => <Link href={`${dash}/users/${u.user_id}`}>{u.username}</Link> },
          { header: "Email", cell: (u) => u.email_address },
          { header: "Status", cell: (u) => <StatusBadge status={u.status} /> },
        ]}
      />
      <div className="hub-grid">
        <CompactSection
          id="payments"
          actions={<NewFor href={`${dash}/payments/new?customer_account_id=${id}`} label="Record payment" />}
          title="Payments"
          list={payments}
          empty="No payments."
          columns={[
            { header: "Date", cell: (p) => <Link href={`${dash}/payments/${p.id}`}>{formatInstant(p.createdAt)}</Link> },
            { header: "Status", cell: (p) => statusLabel("payment", p.status) },
            { header: "Amount", numeric: true, cell: (p) => formatMoney(p.amountCents, p.currency) },
          ]}
        />
        <CompactSection
          id="pay-methods"
          actions={<NewFor href={`${dash}/pay-methods/new?customer_account_id=${id}`} label="Add pay method" />}
          title="Pay methods"
          list={payMethods}
          empty="No pay methods."
          columns={[
            {
              header: "Method",
              cell: (m) => (
                <Link href={`${dash}/pay-methods/${m.pay_method_id}`}>
                  {[m.brand ?? m.pay_method_type, m.last_four ? `…${m.last_four}` : null].filter(Boolean).join(" ")}
                </Link>
              ),
            },
            { header: "Holder", cell: (m) => m.holder_name ?? "—" },
            { header: "Default", cell: (m) => (m.is_default === "Y" ? "Yes" : "No") },
          ]}
        />
        <CompactSection
          id="tickets"
          title="Tickets"
          list={tickets}
          empty="No tickets."
          columns={[
            {
              header: "Ticket",
              cell: (t) => (
                <Link href={`${dash}/tickets/${t.id}`}>
                  #{t.number} {t.subject}
                </Link>
              ),
            },
            { header: "Status", cell: (t) => statusLabel("ticket", t.workingStatus) },
          ]}
        />
        <CompactSection
          id="notes"
          title="Notes"
          list={notes}
          empty="No notes yet."
          columns={[
            {
              header: "Note",
              cell: (n) => (
                <span className="stacked">
                  <Link href={`${dash}/notes/${n.note_id}`}>{n.subject}</Link>
                  <span className="muted clip">{n.contents}</span>
                </span>
              ),
            },
            { header: "Added", cell: (n) => formatInstant(n.created).slice(0, 10) },
          ]}
        />
      </div>

      <section className="card" aria-labelledby="timeline">
        <h2 id="timeline">Timeline ({timeline.total})</h2>
        {timeline.rows.length === 0 ? (
          <p className="muted">Nothing has happened to this account yet.</p>
        ) : (
          <ol className="timeline">
            {timeline.rows.map((e, i) => {
              const path = TIMELINE_PATHS[e.kind];
              // A change (audit trail) links to its record's page, whichever resource it is.
              const href = e.kind === "change" ? auditRecordHref(brandId, e.resource ?? "", e.ref) : path ? `${dash}/${path}/${e.ref}` : null;
              return (
                <li key={`${e.ref}-${e.at}-${i}`}>
                  <time dateTime={e.at}>{formatInstant(e.at)}</time>
                  <span className="what">
                    <span className="kind">{e.kind === "event" ? "email / post" : e.kind}</span>
                    {href ? <Link href={href}>{e.title}</Link> : <strong>{e.title}</strong>}
                    {e.detail && <span className="muted">{e.detail}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {tlPages > 1 && (
          <nav className="pager-buttons timeline-pager" aria-label="Timeline pages">
            {tlPage > 1 ? (
              <Link className="button secondary" href={`${base}/${id}?timeline=${tlPage - 1}#timeline`}>
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="muted">
              Page {tlPage} of {tlPages}
            </span>
            {tlPage < tlPages ? (
              <Link className="button secondary" href={`${base}/${id}?timeline=${tlPage + 1}#timeline`}>
                Older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}

/** The tax rates that apply to the account, or why none does. */
function RatesThatApply({ rates, exempt, dash }: { rates: Awaited<ReturnType<typeof ratesForAccount>>; exempt: boolean; dash: string }) {
  if (rates.length)
    return (
      <ul>
        {rates.map(({ rate, reverseCharged }) => (
          <li key={rate.id}>
            {rate.name} {formatPercentage(rate.percentage)}%{rate.state ? ` (${rate.state})` : ""}
            {rate.inclusive === "Y" ? ", included in prices" : ""}
            {reverseCharged ? ", reverse charged: this customer pays none" : ""}
          </li>
        ))}
      </ul>
    );
  if (exempt) return "None: the account is tax exempt";
  return (
    <>
      None of the brand&apos;s <Link href={`${dash}/tax-rates`}>tax rates</Link>
    </>
  );
}
