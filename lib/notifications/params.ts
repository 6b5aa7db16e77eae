import type { NotificationRead } from "./read";

/** A notification as Notification/Update's parameters would leave it as it is: the edit form's starting values (the templates raw, "" for none). */
export const notificationParams = (n: NotificationRead) => ({
  from_email: n.fromEmail,
  default_notify_customer: n.notifyCustomer ? "Y" : "N",
  default_notify_brand: n.notifyBrand ? "Y" : "N",
  default_notify_brand_email: n.brandEmail ?? "",
  subject_customer: n.subjectCustomer ?? "",
  subject_brand: n.subjectBrand ?? "",
  html_customer: n.htmlCustomer ?? "",
  html_brand: n.htmlBrand ?? "",
});
