import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { notificationPageList } from "@/lib/notifications/pages";
import { EVENT_NAMES, NOTIFICATION_EVENTS } from "@/lib/notifications/events";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { NotificationsTable } from "./columns";

export const metadata = { title: "Notifications · Recurring Billing" };

export default async function NotificationsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: notificationPageList.sortKeys, filters: { deleted: ["Y"] } });
  const base = `/dashboard/${brandId}/notifications`;
  let result;
  try {
    result = await notificationPageList.page(ctx, {
      filters: { q: query.q || null, deleted: (query.filters.deleted as "Y" | undefined) ?? null },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  // One live notification per event: the events still without one, each a link to set it up.
  const live = new Set((await notificationPageList.window(ctx)).rows.map((n) => n.notification_event));
  const unset = EVENT_NAMES.filter((e) => !live.has(e));
  return (
    <>
      <div className="page-head">
        <h1>Notifications</h1>
        {unset.length > 0 && (
          <Link href={`${base}/new`} className="button primary">
            New notification
          </Link>
        )}
      </div>
      <p className="muted">The emails sent when something happens. An event without a notification sends no email.</p>
      <NotificationsTable brandId={brandId} sortKeys={notificationPageList.sortKeys} rows={result.rows} total={result.total} query={query} />
      {unset.length > 0 && (
        <section className="card" aria-labelledby="unset">
          <h2 id="unset">Events without a notification</h2>
          <ul>
            {unset.map((e) => (
              <li key={e}>
                <Link href={`${base}/new?event=${encodeURIComponent(e)}`}>{e}</Link>{" "}
                <span className="muted">— sent when {NOTIFICATION_EVENTS[e].sentWhen}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
