import { notFound } from "next/navigation";
import { DetailHead, EditLink, FactsCard } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { notificationFormValues, notificationPageList } from "@/lib/notifications/pages";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { NOTIFICATION_EVENTS, isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { isUuid } from "@/lib/ids";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";
import { NotificationActions } from "../_components/notification-actions";
import { TemplatePreview } from "../_components/template-preview";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Notification · Recurring Billing" };

export default async function NotificationPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const n = (await notificationPageList.page(ctx, { filters: { id } })).rows[0];
  if (!n || !isNotificationEvent(n.notification_event)) notFound();
  const event = n.notification_event;
  const values = notificationFormValues(n);
  const base = `${dash}/notifications`;
  const deleted = n.status === STATUS.DELETED;
  return (
    <>
      <DetailHead list={{ href: base, label: "Notifications" }} title={event} badge={<StatusBadge status={n.status} />}>
        {!deleted && <EditLink href={`${base}/${id}/edit`} />}
        <NotificationActions brandId={brandId} id={id} event={event} deleted={deleted} />
      </DetailHead>
      <FactsCard
        id="settings"
        title="Settings"
        facts={[
          ["Sent when", NOTIFICATION_EVENTS[event].sentWhen],
          ["From", n.from_email],
          ["Customer", n.default_notify_customer === "Y" ? "Gets the email" : "Not emailed"],
          ["Brand copy", n.default_notify_brand === "Y" ? `To ${n.default_notify_brand_email}` : "None"],
          ["Updated", formatInstant(n.updated)],
        ]}
      />
      <div className="card">
        <TemplatePreview event={event} brand={previewBrand(ctx.brand)} defaults={DEFAULT_TEMPLATES[event]} templates={values} at={ctx.now().toISOString()} />
      </div>
    </>
  );
}
