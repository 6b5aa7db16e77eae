import Link from "next/link";
import { notFound } from "next/navigation";
import { listUsers } from "@/lib/users/list-users";
import { accountName } from "@/lib/users/pages";
import { isUuid } from "@/lib/ids";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";
import { CompactSection } from "@/components/dashboard/compact-table";
import { DetailHead, EditLink, FactsCard, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { UserActions } from "../_components/user-actions";
import { SignInLink } from "../_components/sign-in-link";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "User · Recurring Billing" };

export default async function UserPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  // User/List by user_id: the user with its login history, newest first.
  const u = (await listUsers({ ctx, input: { user_id: id } })).items[0] as Awaited<ReturnType<typeof listUsers>>["items"][number] & {
    login_history?: { logged_in: Date; method: string; ip_address: string | null; url: string | null }[];
  };
  if (!u) notFound();
  const account = await accountName(ctx, u.customer_account_id);
  const base = `${dash}/users`;
  const name = `${u.first_name} ${u.last_name}`;
  return (
    <>
      <DetailHead list={{ href: base, label: "Users" }} title={name} badge={<StatusBadge status={u.status} />}>
        {u.status === STATUS.ACTIVE && <SignInLink brandId={brandId} userId={u.user_id} accountId={u.customer_account_id} name={name} />}
        {u.status !== STATUS.DELETED && <EditLink href={`${base}/${u.user_id}/edit`} />}
        <UserActions brandId={brandId} id={u.user_id} name={name} status={u.status} />
      </DetailHead>

      <FactsCard
        id="profile"
        title="Profile"
        facts={[
          ["Customer account", <Link href={`${dash}/accounts/${u.customer_account_id}`}>{account ?? u.customer_account_id}</Link>],
          ["Email", u.email_address],
          ["Username", u.username],
          ["Access level", u.access_level === "ADMIN" ? "Admin" : "User"],
          ["Phone", u.phone_number ? `+${u.phone_number_country_code ?? ""} ${u.phone_number}` : "—"],
          ["Locale and time zone", `${u.locale} · ${u.timezone_id}`],
          ["Verified", u.verified === "Y" ? "Yes" : "No"],
          ...recordDates(u.created, u.deleted),
        ]}
      />

      <CompactSection
        id="logins"
        title="Sign-ins"
        regionLabel="Sign-ins of this user"
        empty="Never signed in."
        list={{ rows: u.login_history ?? [] }}
        columns={[
          { header: "When", cell: (l) => formatInstant(l.logged_in) },
          { header: "How", cell: (l) => l.method },
          { header: "IP address", cell: (l) => l.ip_address ?? "—" },
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
