import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { AdminOnly, isAdmin } from "../../staff/_components/admin-only";
import { BrandForm } from "../_components/brand-form";

export const metadata = { title: "New brand · Recurring Billing" };

export default async function NewBrandPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="New brand" what="create brands" />;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/brands`}>Brands</Link> / New
      </p>
      <h1>New brand</h1>
      <div className="card">
        <BrandForm brandId={brandId} />
      </div>
    </>
  );
}
