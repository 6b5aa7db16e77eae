import Link from "next/link";
import { listNotificationsPage, notificationList } from "@/lib/notifications/list-notifications";
import { EVENT_NAMES, NOTIFICATION_EVENTS } from "@/lib/notifications/events";
import { ListPage, openList, shown, type ListPageProps } from "../_components/list-page";
import { NotificationsTable } from "./columns";

export const metadata = { title: "Notifications · Recurring Billing" };

export default async function NotificationsPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "notifications", {
    sortKeys: notificationList.sortKeys,
    urlFilters: { deleted: ["Y"] },
    defaultSort: { key: "event", dir: "asc" },
  });
  // One live notification per event: the events still without one, each a link to set it up.
  const live = new Set((await notificationList.window(ctx)).rows.map((n) => n.event));
  const unset = EVENT_NAMES.filter((e) => !live.has(e));
  const load = () => listNotificationsPage(ctx, { filters: { q: query.q || null, deleted: (query.filters.deleted as "Y" | undefined) ?? null }, ...paging });
  return (
    <ListPage
      title="Notifications"
      action={unset.length > 0 ? { href: `${base}/new`, label: "New notification" } : undefined}
      intro={<p className="muted">The emails sent when something happens. An event without a notification sends no email.</p>}
      base={base}
      load={load}
    >
      {(result) => (
        <>
          <NotificationsTable
            {...table(result, (n) => shown(n, ["id", "event", "notifyCustomer", "notifyBrand", "brandEmail", "fromEmail", "subjectCustomer", "status"]))}
          />
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
      )}
    </ListPage>
  );
}
