"use client";

import { useRouter } from "next/navigation";
import { Form, YES_NO, type Field } from "@/components/forms/form";
import { CreateNotificationParams, UpdateNotificationParams } from "@/lib/notifications/schemas";
import { EVENT_NAMES, NOTIFICATION_EVENTS, eventPlaceholders, isNotificationEvent, type NotificationEvent } from "@/lib/notifications/events";
import { placeholderNames } from "@/lib/notifications/placeholders";
import type { Template } from "@/lib/notifications/defaults";
import type { PreviewBrand } from "@/lib/notifications/sample";
import { createNotification, updateNotification } from "../actions";
import { TemplatePreview } from "./template-preview";
import styles from "./notifications.module.css";

const TEMPLATE_HINT = "Empty: the default template. Placeholders like {{customer.first_name}}";

const SETTINGS: Field[] = [
  { name: "from_email", label: "From address", required: true, kind: "email", hint: "Its domain must be verified with the email provider" },
  { name: "default_notify_customer", label: "Email the customer", required: true, options: YES_NO },
  { name: "default_notify_brand", label: "Send the brand a copy", required: true, options: YES_NO },
  { name: "default_notify_brand_email", label: "Brand copy goes to", kind: "email", hint: "Required when the brand gets a copy" },
  { name: "subject_customer", label: "Customer's subject", wide: true, hint: TEMPLATE_HINT },
  { name: "html_customer", label: "Customer's email (HTML)", kind: "textarea", rows: 10, code: true, hint: TEMPLATE_HINT },
  { name: "subject_brand", label: "Brand's subject", wide: true, hint: TEMPLATE_HINT },
  { name: "html_brand", label: "Brand's copy (HTML)", kind: "textarea", rows: 6, code: true, hint: "Passwords and codes are never filled in the brand's copy" },
];

/** Placeholders the chosen event's templates may use. */
function Placeholders({ event }: { event: NotificationEvent }) {
  return (
    <details>
      <summary>Placeholders for {event}</summary>
      <ul className={styles.placeholders}>
        {[...placeholderNames(["brand", "event"]), ...eventPlaceholders(event)].map((p) => (
          <li key={p}>
            <code>{`{{${p}}}`}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Notification/Create or Update with a live preview of both emails. Update always sends the
 * parameters the API requires on every update (the flags and the sender).
 */
export function NotificationForm({
  brandId,
  brand,
  defaults,
  at,
  event,
  notification,
  taken,
}: {
  brandId: string;
  brand: PreviewBrand;
  defaults: Record<NotificationEvent, Template>;
  at: string;
  event?: NotificationEvent;
  notification?: Record<string, string> & { notification_id: string; notification_event: NotificationEvent };
  /** Events that already have a live notification (one per event). */
  taken?: string[];
}) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/notifications`;
  const free = EVENT_NAMES.filter((e) => !taken?.includes(e));
  const fields: Field[] = notification
    ? SETTINGS
    : [
        {
          name: "notification_event",
          label: "Event",
          required: true,
          wide: true,
          options: free.map((e) => ({ value: e, label: `${e}: sent when ${NOTIFICATION_EVENTS[e].sentWhen}` })),
        },
        ...SETTINGS,
      ];
  return (
    <Form
      schema={notification ? UpdateNotificationParams : CreateNotificationParams}
      fields={fields}
      editing={Boolean(notification)}
      defaults={
        notification ?? {
          notification_event: event && free.includes(event) ? event : (free[0] ?? ""),
          from_email: brand.supportEmail ?? "",
          default_notify_customer: "Y",
          default_notify_brand: "N",
        }
      }
      fixed={notification ? { notification_id: notification.notification_id } : {}}
      always={["default_notify_brand", "default_notify_customer", "from_email"]}
      submit={(input) => (notification ? updateNotification(brandId, input) : createNotification(brandId, input))}
      onDone={(data) => {
        router.push(`${base}/${(data as { notification_id: string }).notification_id}`);
        router.refresh();
      }}
      submitLabel={notification ? "Save changes" : "Create notification"}
      cancelHref={notification ? `${base}/${notification.notification_id}` : base}
      layout="split"
      aside={(v) => {
        const e = notification?.notification_event ?? v.notification_event;
        if (!isNotificationEvent(e)) return null;
        return (
          <>
            <Placeholders event={e} />
            <TemplatePreview event={e} brand={brand} defaults={defaults[e]} templates={v} at={at} />
          </>
        );
      }}
    />
  );
}
