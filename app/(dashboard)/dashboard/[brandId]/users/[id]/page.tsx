import Link from "next/link";
import { notFound } from "next/navigation";
import { listUsers } from "@/lib/users/list-users";
import { accountName } from "@/lib/accounts/read";
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
  const u = (await listUsers({ ctx, input: { user_id: id } })).items[0];
  if (!u) notFound();
  const logins = "loginHistory" in u ? u.loginHistory : [];
  const account = await accountName(ctx, u.customerAccountId);
  const base = `${dash}/users`;
  const name = `${u.firstName} ${u.lastName}`;
  return (
    <>
      <DetailHead list={{ href: base, label: "Users" }} title={name} badge={<StatusBadge status={u.status} />}>
        {u.status === STATUS.ACTIVE && <SignInLink brandId={brandId} userId={u.id} accountId={u.customerAccountId} name={name} />}
        {u.status !== STATUS.DELETED && <EditLink href={`${base}/${u.id}/edit`} />}
        <UserActions brandId={brandId} id={u.id} name={name} status={u.status} />
      </DetailHead>

      <FactsCard
        id="profile"
        title="Profile"
        facts={[
          ["Customer account", <Link href={`${dash}/accounts/${u.customerAccountId}`}>{account ?? u.customerAccountId}</Link>],
          ["Email", u.emailAddress],
          ["Username", u.username],
          ["Access level", u.accessLevel === "ADMIN" ? "Admin" : "User"],
          ["Phone", u.phoneNumber ? `+${u.phoneNumberCountryCode ?? ""} ${u.phoneNumber}` : "—"],
          ["Locale and time zone", `${u.locale} · ${u.timezoneId}`],
          ["Verified", u.verified ? "Yes" : "No"],
          ...recordDates(u.createdAt, u.deletedAt),
        ]}
      />

      <CompactSection
        id="logins"
        title="Sign-ins"
        regionLabel="Sign-ins of this user"
        empty="Never signed in."
        list={{ rows: logins }}
        columns={[
          { header: "When", cell: (l) => formatInstant(l.loggedInAt) },
          { header: "How", cell: (l) => l.method },
          { header: "IP address", cell: (l) => l.ipAddress ?? "—" },
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
