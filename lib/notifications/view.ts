import { escapeUTF8 } from "entities";
import { readNotification, type DefaultTemplateRead, type NotificationRead, type NotificationRow } from "./read";

/** Spec: returned HTML is HTML-encoded (clients decode it before display). */
const encoded = (html: string | null) => (html === null ? null : escapeUTF8(html));
const yn = (b: boolean) => (b ? "Y" : "N");

/**
 * The wire: a notification (or a default template, in the same shape so clients read both alike)
 * as the API answers it, from its read row. Only lib/api calls it (and the write verbs through
 * notificationView).
 */
export const notificationToWire = (n: NotificationRead | DefaultTemplateRead) => ({
  notification_id: n.id,
  notification_event: n.event,
  default_notify_brand: yn(n.notifyBrand),
  default_notify_brand_email: n.brandEmail,
  default_notify_customer: yn(n.notifyCustomer),
  subject_brand: n.subjectBrand,
  subject_customer: n.subjectCustomer,
  html_brand: encoded(n.htmlBrand),
  html_customer: encoded(n.htmlCustomer),
  from_email: n.fromEmail,
  status: n.status,
  is_default: yn(n.isDefault),
  created: n.createdAt,
  updated: n.updatedAt,
  deleted: n.deletedAt,
});

/** What the write verbs answer: the wire of the notification as it now stands. */
export const notificationView = (n: NotificationRow) => notificationToWire(readNotification(n));
