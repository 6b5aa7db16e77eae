import { escapeUTF8 } from "entities";
import { notifications } from "../../db/schema";
import { STATUS } from "../lifecycle";
import type { Template } from "./defaults";

export type NotificationRow = typeof notifications.$inferSelect;

/** Spec: returned HTML is HTML-encoded (clients decode it before display). */
const encoded = (html: string | null) => (html === null ? null : escapeUTF8(html));

/** A notification as the API shows it; empty subject or html means the default template is used. */
export const notificationView = (n: NotificationRow) => ({
  notification_id: n.id,
  notification_event: n.event,
  default_notify_brand: n.notifyBrand,
  default_notify_brand_email: n.brandEmail,
  default_notify_customer: n.notifyCustomer,
  subject_brand: n.subjectBrand,
  subject_customer: n.subjectCustomer,
  html_brand: encoded(n.htmlBrand),
  html_customer: encoded(n.htmlCustomer),
  from_email: n.fromEmail,
  status: n.status,
  is_default: "N",
  created: n.createdAt,
  updated: n.updatedAt,
  deleted: n.deletedAt,
});

/** A default template in the same shape, so clients read both alike. */
export const defaultTemplateView = (event: string, t: Template, fromEmail: string) => ({
  notification_id: null,
  notification_event: event,
  default_notify_brand: "N",
  default_notify_brand_email: null,
  default_notify_customer: "Y",
  subject_brand: t.subject_brand,
  subject_customer: t.subject_customer,
  html_brand: encoded(t.html_brand),
  html_customer: encoded(t.html_customer),
  from_email: fromEmail,
  status: STATUS.ACTIVE,
  is_default: "Y",
  created: null,
  updated: null,
  deleted: null,
});
