import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listNotesPage, noteList } from "@/lib/notes/list-notes";
import { accountName } from "@/lib/users/pages";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { NotesTable } from "./columns";

export const metadata = { title: "Notes · Recurring Billing" };

export default async function NotesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: noteList.sortKeys });
  const base = `/dashboard/${brandId}/notes`;
  let result;
  try {
    result = await listNotesPage(ctx, { filters: { q: query.q || null }, sort: query.sort, page: query.page, pageSize: query.pageSize });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  // The page's accounts by name (at most one lookup per account shown).
  const ids = [...new Set(result.rows.map((n) => n.customer_account_id).filter((id): id is string => Boolean(id)))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, await accountName(ctx, id)] as const)));
  const rows = result.rows.map((n) => ({ ...n, account_name: n.customer_account_id ? names.get(n.customer_account_id) : null }));
  return (
    <>
      <div className="page-head">
        <h1>Notes</h1>
        <Link href={`${base}/new`} className="button primary">
          New note
        </Link>
      </div>
      <p className="muted">Staff notes about a customer account, a subscription or an invoice. Customers never see them.</p>
      <NotesTable brandId={brandId} sortKeys={noteList.sortKeys} rows={rows} total={result.total} query={query} />
    </>
  );
}
