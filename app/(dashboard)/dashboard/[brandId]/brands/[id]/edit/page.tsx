import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listBrands } from "@/lib/brands/list-brands";
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
  if (!b || b.status === "deleted") notFound();
  // The form's values are strings; an unset optional field is empty.
  const values = Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === "string" ? v : ""])) as Record<string, string> & { brand_id: string };
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/brands`}>Brands</Link> / {b.name}
      </p>
      <h1>Edit {b.name}</h1>
      <div className="card">
        <BrandForm brandId={brandId} brand={values} />
      </div>
    </>
  );
}
