import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { gatewayList } from "@/lib/gateways/list-gateways";
import { gatewaysPage, mayChangeGateways } from "@/lib/gateways/page-queries";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { GatewaysTable } from "./columns";
import { AdminOnly } from "./_components/admin-only";

export const metadata = { title: "Payment gateways · Recurring Billing" };

export default async function GatewaysPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const admin = mayChangeGateways(ctx);
  const query = parseTableQuery(await searchParams, { sortKeys: gatewayList.sortKeys, filters: {} });
  const sort = query.sort ?? { key: "created_at" as const, dir: "asc" as const };
  const base = `/dashboard/${brandId}/gateways`;
  let result;
  try {
    result = await gatewaysPage(ctx, { filters: { q: query.q || null }, sort, page: query.page, pageSize: query.pageSize });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((g) => ({
    gateway_id: g.gateway_id,
    name: g.name,
    gateway_provider: g.gateway_provider,
    credentials_1: g.credentials_1,
    default_cc: g.default_cc,
    default_ba: g.default_ba,
    created: g.created,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Payment gateways</h1>
        {admin && (
          <Link href={`${base}/new`} className="button primary">
            Add gateway
          </Link>
        )}
      </div>
      {!admin && <AdminOnly />}
      <GatewaysTable brandId={brandId} admin={admin} sortKeys={gatewayList.sortKeys} rows={rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
