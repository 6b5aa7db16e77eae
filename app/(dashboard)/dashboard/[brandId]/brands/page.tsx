import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listBrands } from "@/lib/brands/list-brands";
import { MAX_BRANDS } from "@/lib/brands/create-brand";
import { formatInstant } from "@/lib/format";
import { AdminOnly, isAdmin } from "../staff/_components/admin-only";

export const metadata = { title: "Brands · Recurring Billing" };

/** The service account's brands (at most ten), ADMIN only. */
export default async function BrandsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<{ saved?: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="Brands" what="create and edit brands" />;
  const { saved: savedId } = await searchParams;
  const items = (await listBrands({ ctx, input: {} })).items.filter((b) => !b.deletedAt);
  const saved = items.find((b) => b.id === savedId);
  const full = items.length >= MAX_BRANDS;
  return (
    <>
      <div className="page-head">
        <h1>Brands</h1>
        {full ? (
          <span className="muted">The account has the most brands it can have ({MAX_BRANDS}).</span>
        ) : (
          <Link href={`/dashboard/${brandId}/brands/new`} className="button primary">
            New brand
          </Link>
        )}
      </div>
      {saved && (
        <p className="alert success" role="status">
          {saved.name} is saved. <Link href={`/dashboard/${saved.id}/accounts`}>Open {saved.name}</Link>
        </p>
      )}
      <p className="muted">
        {items.length} of {MAX_BRANDS} brands. Each brand has its own customers, catalog, billing and support; your staff work on all of them.
      </p>
      <div className="data-table">
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Brands">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Support email</th>
                <th scope="col">Website</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link href={`/dashboard/${b.id}/accounts`}>{b.name}</Link>
                    {b.id === brandId && <span className="muted"> (this brand)</span>}
                  </td>
                  <td>{b.supportEmail ?? "—"}</td>
                  <td>{b.websiteUrl ?? "—"}</td>
                  <td>{formatInstant(b.createdAt)}</td>
                  <td>
                    <Link href={`/dashboard/${brandId}/brands/${b.id}/edit`} aria-label={`Edit ${b.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
