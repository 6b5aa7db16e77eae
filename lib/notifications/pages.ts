import { decodeHTML } from "entities";
import { isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { notifications as t } from "../../db/schema";
import { defineList, equalsFilter, idFilter, sqlFilter } from "../lists";
import { notificationView } from "./view";

/** The dashboard's notifications table: live ones, or (deleted Y) the deleted ones to restore. */
export const notificationPageList = defineList({
  table: t,
  filters: {
    id: idFilter(t.id),
    event: equalsFilter(t.event, z.string()),
    deleted: sqlFilter(z.literal("Y"), () => isNotNull(t.deletedAt)),
  },
  scope: (f) => (f.deleted || f.id ? undefined : isNull(t.deletedAt)),
  search: [t.event, t.subjectCustomer, t.subjectBrand],
  sortable: { event: t.event, created_at: t.createdAt },
  defaultSort: { key: "event", dir: "asc" },
  read: (_ctx, rows) => rows.map(notificationView),
});

/** A notification's stored values as its edit form's strings (the view HTML-encodes the templates, as the spec says; the form edits them raw). */
export function notificationFormValues(n: ReturnType<typeof notificationView>) {
  return {
    from_email: n.from_email,
    default_notify_customer: n.default_notify_customer,
    default_notify_brand: n.default_notify_brand,
    default_notify_brand_email: n.default_notify_brand_email ?? "",
    subject_customer: n.subject_customer ?? "",
    subject_brand: n.subject_brand ?? "",
    html_customer: n.html_customer === null ? "" : decodeHTML(n.html_customer),
    html_brand: n.html_brand === null ? "" : decodeHTML(n.html_brand),
  };
}
