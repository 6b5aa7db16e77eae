import { defineEndpoint } from "../endpoint";
import { CreateNotificationParams, ListNotificationsParams, NotificationIdParams, UpdateNotificationParams } from "../../notifications/schemas";
import { listNotifications } from "../../notifications/list-notifications";
import { notificationToWire } from "../../notifications/view";
import { createNotification } from "../../notifications/create-notification";
import { updateNotification } from "../../notifications/update-notification";
import { deleteNotification } from "../../notifications/delete-notification";
import { restoreNotification } from "../../notifications/restore-notification";

const templateRefusal =
  "400 INVALID_PARAMETER when a subject or html template does not parse, uses a placeholder the event does not carry, prints a value unescaped in HTML, or uses a partial";

export const notificationEndpoints = [
  defineEndpoint({
    resource: "Notification",
    action: "List",
    method: "GET",
    summary:
      "Lists the brand's live email notifications (one by notification_id even when deleted), or with defaults=Y the default template of every event. Returned HTML (html_brand, html_customer) is HTML-encoded: decode it before display.",
    params: ListNotificationsParams,
    returns: "notification",
    list: "notifications",
    handler: listNotifications,
    wire: notificationToWire,
  }),
  defineEndpoint({
    resource: "Notification",
    action: "Create",
    method: "POST",
    summary:
      "Configures the email for one notification event. Emails for an event are only sent once its notification exists: to default_notify_brand_email when default_notify_brand is Y and to the customer (and the account's cc address) when default_notify_customer is Y.",
    params: CreateNotificationParams,
    returns: "notification",
    refusals: ["409 DUPLICATE when the brand already has a notification for notification_event", templateRefusal],
    handler: createNotification,
  }),
  defineEndpoint({
    resource: "Notification",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a notification; notification_event cannot change. Optional parameters sent empty are cleared (an empty template falls back to the default).",
    params: UpdateNotificationParams,
    returns: "notification",
    refusals: [
      "409 INVALID_STATE when the notification is deleted",
      "400 MISSING_PARAMETER when default_notify_brand is Y and no default_notify_brand_email is sent or stored",
      templateRefusal,
    ],
    handler: updateNotification,
  }),
  defineEndpoint({
    resource: "Notification",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a notification: its event sends no email until a notification for it exists again. Reversible with Notification/Restore.",
    params: NotificationIdParams("The notification to delete"),
    returns: "notification",
    refusals: ["409 INVALID_STATE when the notification is already deleted"],
    handler: deleteNotification,
  }),
  defineEndpoint({
    resource: "Notification",
    action: "Restore",
    method: "POST",
    summary: "Restores a deleted notification (no time limit).",
    params: NotificationIdParams("The deleted notification to restore"),
    returns: "notification",
    refusals: ["409 DUPLICATE while another notification of the same event exists", "409 INVALID_STATE when the notification is not deleted"],
    handler: restoreNotification,
  }),
];
