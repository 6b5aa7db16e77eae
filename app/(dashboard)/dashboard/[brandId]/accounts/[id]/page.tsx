import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listAccountsPage } from "@/lib/accounts/list-accounts";
import { listSubscriptionsPage } from "@/lib/subscriptions/list-subscriptions";
import { listInvoicesPage } from "@/lib/invoices/list-invoices";
import { isUuid } from "@/lib/ids";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/components/ui/format";
import { AccountActions } from "../_components/account-actions";

export const metadata = { title: "Customer account · Recurring Billing" };

const MAX_SHOWN = 100;

export default async function AccountPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const [{ rows }, subs, invoices] = await Promise.all([
    listAccountsPage(ctx, { filters: { customerAccountId: id } }),
    listSubscriptionsPage(ctx, { filters: { customerAccountId: id }, sort: { key: "created_at", dir: "desc" }, pageSize: MAX_SHOWN }),
    listInvoicesPage(ctx, { filters: { customerAccountId: id }, pageSize: MAX_SHOWN }),
  ]);
  const a = rows[0];
  if (!a) notFound();
  const base = `/dashboard/${brandId}/accounts`;
  const name = `${a.first_name} ${a.last_name}`;
  const address = [a.address, a.address_2, [a.unit_type, a.unit].filter(Boolean).join(" "), [a.city, a.state, a.zip_code].filter(Boolean).join(", "), a.country]
    .filter(Boolean)
    .join(" · ");
  const liveSubs = subs.rows.filter((s) => s.status !== 3).length;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Customer accounts</Link> / {name}
      </p>
      <div className="page-head">
        <h1>
          {name} <StatusBadge status={a.status} />
        </h1>
        <div className="actions">
          {a.status !== 3 && (
            <Link href={`${base}/${a.customer_account_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <AccountActions brandId={brandId} id={a.customer_account_id} name={name} status={a.status} liveSubscriptions={liveSubs} />
        </div>
      </div>

      <section className="card" aria-labelledby="profile">
        <h2 id="profile">Profile</h2>
        <dl className="details">
          <dt>Email</dt>
          <dd>{a.email_address}</dd>
          <dt>Company</dt>
          <dd>{a.company_name ?? "—"}</dd>
          <dt>Phone</dt>
          <dd>{a.phone_number ? `+${a.phone_number_country_code ?? ""} ${a.phone_number}` : "—"}</dd>
          <dt>Address</dt>
          <dd>{address || "—"}</dd>
          <dt>Locale and time zone</dt>
          <dd>
            {a.locale} · {a.timezone_id}
          </dd>
          <dt>Tax exempt</dt>
          <dd>{a.tax_exempt === "Y" ? `Yes${a.tax_exempt_reason ? ` (${a.tax_exempt_reason})` : ""}` : "No"}</dd>
          <dt>Prepaid balance</dt>
          <dd className="num">{a.prepaid_balance}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(a.created)}</dd>
          {a.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(a.deleted)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="subs">
        <h2 id="subs">Subscriptions ({subs.total})</h2>
        {subs.rows.length === 0 ? (
          <p className="muted">No subscriptions.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Subscriptions of this account">
            <table>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Status</th>
                  <th scope="col">Started</th>
                  <th scope="col">Renews</th>
                  <th scope="col">Next charge</th>
                </tr>
              </thead>
              <tbody>
                {subs.rows.map((s) => (
                  <tr key={s.subscription_id}>
                    <td>{s.product_name ?? "—"}</td>
                    <td>
                      <StatusBadge status={s.status} />
                    </td>
                    <td>{s.start_date ?? "—"}</td>
                    <td>{s.renewal_date ?? "—"}</td>
                    <td className="num">{s.next_renewal_amount ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="invoices">
        <h2 id="invoices">Invoices ({invoices.total})</h2>
        {invoices.rows.length === 0 ? (
          <p className="muted">No invoices.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Invoices of this account">
            <table>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col" className="num">
                    Paid
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.rows.map((i) => (
                  <tr key={i.invoice_id}>
                    <td>
                      <code>{i.invoice_id.slice(-8)}</code>
                    </td>
                    <td>{i.due_date}</td>
                    <td>
                      <StatusBadge status={i.status} kind="invoice" />
                    </td>
                    <td className="num">{i.total}</td>
                    <td className="num">{i.amount_paid}</td>
                    <td className="num">{i.balance}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
