import type { notifications } from "../../db/schema";
import { STATUS, type Status } from "../lifecycle";
import type { Template } from "./defaults";

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Notifications as every reader gets them (the dashboard, the API's List through toWire in
 * ./view.ts, which only lib/api calls): Y/N flags as booleans, the templates as stored (raw HTML;
 * the wire HTML-encodes them), the status as the ledger names it, instants as Dates. An empty
 * subject or html means the event's default template is used.
 */
export interface NotificationRead {
  id: string;
  event: string;
  notifyBrand: boolean;
  brandEmail: string | null;
  notifyCustomer: boolean;
  subjectBrand: string | null;
  subjectCustomer: string | null;
  htmlBrand: string | null;
  htmlCustomer: string | null;
  fromEmail: string;
  status: Status;
  /** A stored notification; a default template (DefaultTemplateRead) is true. */
  isDefault: false;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** An event's default template read as a notification (Notification/List defaults=Y): never stored, so no id and no dates. */
export interface DefaultTemplateRead extends Omit<NotificationRead, "id" | "isDefault" | "createdAt" | "updatedAt" | "deletedAt"> {
  id: null;
  isDefault: true;
  subjectBrand: string;
  subjectCustomer: string;
  htmlBrand: string;
  htmlCustomer: string;
  createdAt: null;
  updatedAt: null;
  deletedAt: null;
}

export const readNotification = (n: NotificationRow): NotificationRead => ({
  id: n.id,
  event: n.event,
  notifyBrand: n.notifyBrand === "Y",
  brandEmail: n.brandEmail,
  notifyCustomer: n.notifyCustomer === "Y",
  subjectBrand: n.subjectBrand,
  subjectCustomer: n.subjectCustomer,
  htmlBrand: n.htmlBrand,
  htmlCustomer: n.htmlCustomer,
  fromEmail: n.fromEmail,
  status: n.status as Status,
  isDefault: false,
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
  deletedAt: n.deletedAt,
});

/** An event's default template as its notification would read: the customer emailed, no brand copy, from the default sender. */
export const readDefaultTemplate = (event: string, t: Template, fromEmail: string): DefaultTemplateRead => ({
  id: null,
  event,
  notifyBrand: false,
  brandEmail: null,
  notifyCustomer: true,
  subjectBrand: t.subject_brand,
  subjectCustomer: t.subject_customer,
  htmlBrand: t.html_brand,
  htmlCustomer: t.html_customer,
  fromEmail,
  status: STATUS.ACTIVE,
  isDefault: true,
  createdAt: null,
  updatedAt: null,
  deletedAt: null,
});
