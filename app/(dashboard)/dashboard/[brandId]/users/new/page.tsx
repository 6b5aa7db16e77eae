import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { anyActiveAccount } from "@/lib/users/pages";
import { knownAccountId } from "@/lib/subscriptions/read";
import { UserForm } from "../_components/user-form";

export const metadata = { title: "New user · Recurring Billing" };

export default async function NewUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ customer_account_id?: string }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const { customer_account_id } = await searchParams;
  const [hasAccounts, accountId] = await Promise.all([anyActiveAccount(ctx), knownAccountId(ctx, customer_account_id)]);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/users`}>Users</Link> / New
      </p>
      <h1>New user</h1>
      <p className="muted">A user signs in to the customer portal for one customer account.</p>
      <div className="card">
        {!hasAccounts ? (
          <p>
            Users belong to a customer account, and there is none yet. <Link href={`/dashboard/${brandId}/accounts/new`}>Create an account</Link> first.
          </p>
        ) : (
          <UserForm brandId={brandId} accountId={accountId} />
        )}
      </div>
    </>
  );
}
