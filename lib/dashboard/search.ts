import type { Context } from "../auth/context";
import { accountList } from "../accounts/list-accounts";
import { invoiceList } from "../invoices/list-invoices";
import { isUuid } from "../ids";
import { subscriptionList } from "../subscriptions/list-subscriptions";
import { ticketList } from "../tickets/list-tickets";
import { formatDate, formatMoney, invoiceName, shortId, statusLabel } from "../format";
import { STATUS } from "../lifecycle";

/** One record found by the global search, with the path of its dashboard page. */
export interface FoundRecord {
  kind: "account" | "subscription" | "invoice" | "ticket";
  id: string;
  title: string;
  detail: string;
  href: string;
}

export interface SearchGroup {
  label: string;
  /** The list page showing every match (its own `q`). */
  moreHref: string;
  total: number;
  results: FoundRecord[];
}

/**
 * The dashboard's global search: customers, subscriptions, invoices and tickets of the context's
 * brand, through each area's own list query (brand-scoped, the same `q` its list page searches);
 * a full UUID also finds the record with that id. `perKind` results of each kind, newest first.
 */
export async function searchBrand(ctx: Context, text: string, perKind = 5): Promise<SearchGroup[]> {
  const q = text.trim().slice(0, 200);
  if (q.length < 2) return [];
  const base = `/dashboard/${ctx.brand.id}`;
  const byId = isUuid(q);
  const page = { page: 1, pageSize: perKind };
  const [accounts, subscriptions, invoices, tickets] = await Promise.all([
    accountList.page(ctx, { ...page, filters: byId ? { customerAccountId: q } : { q }, sort: { key: "created_at", dir: "desc" } }),
    subscriptionList.page(ctx, { ...page, filters: byId ? { id: q } : { q }, sort: { key: "created_at", dir: "desc" } }),
    invoiceList.page(ctx, { ...page, filters: byId ? { id: q } : { q }, sort: { key: "created_at", dir: "desc" } }),
    // "#12" or "12" is ticket number 12.
    ticketList.page(ctx, { ...page, filters: byId ? { id: q } : { q: q.replace(/^#/, "") }, sort: { key: "updated_at", dir: "desc" } }),
  ]);
  const more = (path: string) => `${base}/${path}?q=${encodeURIComponent(q)}`;
  return [
    {
      label: "Customers",
      moreHref: more("accounts"),
      total: accounts.total,
      results: accounts.rows.map((a) => ({
        kind: "account",
        id: a.id,
        title: `${a.firstName} ${a.lastName}`,
        detail: [a.companyName, a.emailAddress, a.status !== STATUS.ACTIVE ? statusLabel("record", a.status) : null].filter(Boolean).join(" · "),
        href: `${base}/accounts/${a.id}`,
      })),
    },
    {
      label: "Subscriptions",
      moreHref: more("subscriptions"),
      total: subscriptions.total,
      results: subscriptions.rows.map((s) => ({
        kind: "subscription",
        id: s.id,
        title: s.productName ?? "Subscription",
        detail: [statusLabel("record", s.status), s.renewalDate ? `renews ${formatDate(s.renewalDate)}` : null, `…${shortId(s.id)}`]
          .filter(Boolean)
          .join(" · "),
        href: `${base}/subscriptions/${s.id}`,
      })),
    },
    {
      label: "Invoices",
      moreHref: more("invoices"),
      total: invoices.total,
      results: invoices.rows.map((i) => ({
        kind: "invoice",
        id: i.id,
        title: invoiceName(i),
        detail: [
          statusLabel("invoice", i.status),
          `due ${formatDate(i.dueDate)}`,
          `total ${formatMoney(i.totalCents, i.currency)}`,
          `balance ${formatMoney(i.balanceCents, i.currency)}`,
        ].join(" · "),
        href: `${base}/invoices/${i.id}`,
      })),
    },
    {
      label: "Tickets",
      moreHref: more("tickets"),
      total: tickets.total,
      results: tickets.rows.map((t) => ({
        kind: "ticket",
        id: t.id,
        title: `#${t.number} ${t.subject}`,
        detail: statusLabel("ticket", t.workingStatus),
        href: `${base}/tickets/${t.id}`,
      })),
    },
  ];
}
