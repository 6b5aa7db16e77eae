import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listUsers } from "@/lib/users/list-users";
import { accountName } from "@/lib/users/pages";
import { isUuid } from "@/lib/ids";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";
import { UserActions } from "../_components/user-actions";
import { SignInLink } from "../_components/sign-in-link";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "User · Recurring Billing" };

export default async function UserPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  // User/List by user_id: the user with its login history, newest first.
  const u = (await listUsers({ ctx, input: { user_id: id } })).items[0] as Awaited<ReturnType<typeof listUsers>>["items"][number] & {
    login_history?: { logged_in: Date; method: string; ip_address: string | null; url: string | null }[];
  };
  if (!u) notFound();
  const account = await accountName(ctx, u.customer_account_id);
  const base = `/dashboard/${brandId}/users`;
  const name = `${u.first_name} ${u.last_name}`;
  const logins = u.login_history ?? [];
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Users</Link> / {name}
      </p>
      <div className="page-head">
        <h1>
          {name} <StatusBadge status={u.status} />
        </h1>
        <div className="actions">
          {u.status === STATUS.ACTIVE && <SignInLink brandId={brandId} userId={u.user_id} accountId={u.customer_account_id} name={name} />}
          {u.status !== STATUS.DELETED && (
            <Link href={`${base}/${u.user_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <UserActions brandId={brandId} id={u.user_id} name={name} status={u.status} />
        </div>
      </div>

      <section className="card" aria-labelledby="profile">
        <h2 id="profile">Profile</h2>
        <dl className="details">
          <dt>Customer account</dt>
          <dd>
            <Link href={`/dashboard/${brandId}/accounts/${u.customer_account_id}`}>{account ?? u.customer_account_id}</Link>
          </dd>
          <dt>Email</dt>
          <dd>{u.email_address}</dd>
          <dt>Username</dt>
          <dd>{u.username}</dd>
          <dt>Access level</dt>
          <dd>{u.access_level === "ADMIN" ? "Admin" : "User"}</dd>
          <dt>Phone</dt>
          <dd>{u.phone_number ? `+${u.phone_number_country_code ?? ""} ${u.phone_number}` : "—"}</dd>
          <dt>Locale and time zone</dt>
          <dd>
            {u.locale} · {u.timezone_id}
          </dd>
          <dt>Verified</dt>
          <dd>{u.verified === "Y" ? "Yes" : "No"}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(u.created)}</dd>
          {u.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(u.deleted)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="logins">
        <h2 id="logins">Sign-ins ({logins.length})</h2>
        {logins.length === 0 ? (
          <p className="muted">Never signed in.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Sign-ins of this user">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">How</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {logins.map((l, i) => (
                  <tr key={i}>
                    <td>{formatInstant(l.logged_in)}</td>
                    <td>{l.method}</td>
                    <td>{l.ip_address ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
