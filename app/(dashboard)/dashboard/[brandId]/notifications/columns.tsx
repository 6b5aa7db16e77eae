"use client";

import { listTable } from "@/components/data-table/list-table";
import type { NotificationRead } from "@/lib/notifications/read";

/** A notification's read row as the table shows it (lib/notifications/read.ts). */
export type NotificationRow = Pick<
  NotificationRead,
  "id" | "event" | "notifyCustomer" | "notifyBrand" | "brandEmail" | "fromEmail" | "subjectCustomer" | "status"
>;

const recipients = (n: NotificationRow) =>
  [n.notifyCustomer && "Customer", n.notifyBrand && `Brand (${n.brandEmail ?? "—"})`].filter(Boolean).join(", ") || "Nobody";

export const NotificationsTable = listTable<NotificationRow>(({ query }, t) => ({
  label: "Notifications",
  columns: [
    t.link(
      "event",
      "Event",
      (n) => `notifications/${n.id}`,
      (n) => n.event,
    ),
    t.text("subject", "Customer's subject", (n) => n.subjectCustomer || <span className="muted">Default</span>, { sort: false }),
    t.text("to", "Sent to", recipients, { sort: false }),
    t.text("from", "From", "fromEmail", { sort: false }),
    t.status({ sort: false }),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Event or subject",
  filters: [{ name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted notifications" }] }],
  empty: query.filters.deleted ? <>No deleted notifications.</> : t.empty("No notifications yet.", "notifications/new", "Set up the first email"),
}));
