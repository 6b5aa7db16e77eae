import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listBrands } from "@/lib/brands/list-brands";
import { brandParams } from "@/lib/brands/params";
import { isUuid } from "@/lib/ids";
import { AdminOnly, isAdmin } from "../../../staff/_components/admin-only";
import { BrandForm } from "../../_components/brand-form";

export const metadata = { title: "Edit brand · Recurring Billing" };

export default async function EditBrandPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="Edit brand" what="edit brands" />;
  if (!isUuid(id)) notFound();
  const [b] = (await listBrands({ ctx, input: { search_brand_id: id } })).items;
  if (!b || b.deletedAt) notFound();
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/brands`}>Brands</Link> / {b.name}
      </p>
      <h1>Edit {b.name}</h1>
      <div className="card">
        <BrandForm brandId={brandId} brand={brandParams(b)} />
      </div>
    </>
  );
}
