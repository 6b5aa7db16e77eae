import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listUsersPage, userList } from "@/lib/users/list-users";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { UsersTable } from "./columns";

export const metadata = { title: "Users · Recurring Billing" };

export default async function UsersPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: userList.sortKeys, filters: { status: ["1", "2", "3"], access_level: ["ADMIN", "USER"] } });
  const base = `/dashboard/${brandId}/users`;
  let result;
  try {
    result = await listUsersPage(ctx, {
      filters: {
        q: query.q || null,
        status: query.filters.status ? (Number(query.filters.status) as 1 | 2 | 3) : null,
        accessLevel: (query.filters.access_level as "ADMIN" | "USER" | undefined) ?? null,
      },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  return (
    <>
      <div className="page-head">
        <h1>Users</h1>
        <Link href={`${base}/new`} className="button primary">
          New user
        </Link>
      </div>
      <p className="muted">The people who sign in to the customer portal for a customer account.</p>
      <UsersTable brandId={brandId} sortKeys={userList.sortKeys} rows={result.rows} total={result.total} query={query} />
    </>
  );
}
