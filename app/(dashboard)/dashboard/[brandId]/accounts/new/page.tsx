import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { AccountForm } from "../_components/account-form";

export const metadata = { title: "New customer account · Recurring Billing" };

export default async function NewAccountPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  await dashboardContext(brandId);
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/accounts`}>Customer accounts</Link> / New
      </p>
      <h1>New customer account</h1>
      <p className="muted">The account gets an initial user for the customer portal; they are sent the Account/Create email.</p>
      <div className="card">
        <AccountForm brandId={brandId} />
      </div>
    </>
  );
}
