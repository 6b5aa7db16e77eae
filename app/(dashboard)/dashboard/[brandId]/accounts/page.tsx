import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { accountList, listAccountsPage } from "@/lib/accounts/list-accounts";
import { DomainError } from "@/lib/errors";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { AccountsTable } from "./columns";

export const metadata = { title: "Customer accounts · Recurring Billing" };

export default async function AccountsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  // The same URL filters and list filters as the CSV export, so the file holds what the page lists.
  const list = DASHBOARD_LISTS.accounts;
  const query = parseTableQuery(await searchParams, { sortKeys: accountList.sortKeys, filters: list.urlFilters });
  const base = `/dashboard/${brandId}/accounts`;
  let result;
  try {
    result = await listAccountsPage(ctx, {
      filters: list.filtersFor(query),
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((a) => ({
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    emailAddress: a.emailAddress,
    companyName: a.companyName,
    prepaidBalanceCents: a.prepaidBalanceCents,
    currency: a.currency,
    status: a.status,
    createdAt: a.createdAt,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Customer accounts</h1>
        <Link href={`${base}/new`} className="button primary">
          New account
        </Link>
      </div>
      <AccountsTable brandId={brandId} sortKeys={accountList.sortKeys} rows={rows} total={result.total} query={query} />
    </>
  );
}
