import Link from "next/link";
import { FormPage } from "@/components/dashboard/detail";
import { anyActiveAccount } from "@/lib/accounts/read";
import { openNewFor, type NewPageProps } from "../../_components/load-record";
import { UserForm } from "../_components/user-form";

export const metadata = { title: "New user · Recurring Billing" };

export default async function NewUserPage(props: NewPageProps) {
  const { brandId, ctx, dash, accountId } = await openNewFor(props);
  const hasAccounts = await anyActiveAccount(ctx);
  return (
    <FormPage
      list={{ href: `${dash}/users`, label: "Users" }}
      step="New"
      title="New user"
      intro={<p className="muted">A user signs in to the customer portal for one customer account.</p>}
    >
      {!hasAccounts ? (
        <p>
          Users belong to a customer account, and there is none yet. <Link href={`${dash}/accounts/new`}>Create an account</Link> first.
        </p>
      ) : (
        <UserForm brandId={brandId} accountId={accountId} />
      )}
    </FormPage>
  );
}
