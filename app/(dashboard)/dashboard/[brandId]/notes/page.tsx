import { listNotesPage, noteList } from "@/lib/notes/list-notes";
import { accountName } from "@/lib/accounts/read";
import { ListPage, openList, type ListPageProps } from "../_components/list-page";
import { NotesTable } from "./columns";

export const metadata = { title: "Notes · Recurring Billing" };

export default async function NotesPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "notes", { sortKeys: noteList.sortKeys });
  const load = async () => {
    const page = await listNotesPage(ctx, { filters: { q: query.q || null }, ...paging });
    // The page's accounts by name (at most one lookup per account shown).
    const ids = [...new Set(page.rows.map((n) => n.customerAccountId).filter((id): id is string => Boolean(id)))];
    const names = new Map(await Promise.all(ids.map(async (id) => [id, await accountName(ctx, id)] as const)));
    return { ...page, rows: page.rows.map((n) => ({ ...n, accountName: n.customerAccountId ? names.get(n.customerAccountId) : null })) };
  };
  return (
    <ListPage
      title="Notes"
      action={{ href: `${base}/new`, label: "New note" }}
      intro={<p className="muted">Staff notes about a customer account, a subscription or an invoice. Customers never see them.</p>}
      base={base}
      load={load}
    >
      {(result) => <NotesTable {...table(result)} />}
    </ListPage>
  );
}
