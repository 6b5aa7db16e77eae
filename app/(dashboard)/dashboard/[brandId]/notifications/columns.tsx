"use client";

import { listTable } from "@/components/data-table/list-table";

/** The fields of the API's notification view this list shows. */
export interface NotificationRow {
  notification_id: string;
  notification_event: string;
  default_notify_customer: string;
  default_notify_brand: string;
  default_notify_brand_email: string | null;
  from_email: string;
  subject_customer: string | null;
  status: number;
}

const recipients = (n: NotificationRow) =>
  [n.default_notify_customer === "Y" && "Customer", n.default_notify_brand === "Y" && `Brand (${n.default_notify_brand_email ?? "—"})`]
    .filter(Boolean)
    .join(", ") || "Nobody";

export const NotificationsTable = listTable<NotificationRow>(({ query }, t) => ({
  label: "Notifications",
  columns: [
    t.link(
      "event",
      "Event",
      (n) => `notifications/${n.notification_id}`,
      (n) => n.notification_event,
    ),
    t.text("subject", "Customer's subject", (n) => n.subject_customer || <span className="muted">Default</span>, { sort: false }),
    t.text("to", "Sent to", recipients, { sort: false }),
    t.text("from", "From", "from_email", { sort: false }),
    t.status({ sort: false }),
  ],
  getRowId: (r) => r.notification_id,
  searchPlaceholder: "Event or subject",
  filters: [{ name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted notifications" }] }],
  empty: query.filters.deleted ? <>No deleted notifications.</> : t.empty("No notifications yet.", "notifications/new", "Set up the first email"),
}));
