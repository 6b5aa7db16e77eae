import { notFound } from "next/navigation";
import { DetailHead, EditLink, FactsCard } from "@/components/dashboard/detail";
import { loadRecord, openRecord, type RecordPageProps } from "../../_components/load-record";
import { listNotificationsPage } from "@/lib/notifications/list-notifications";
import { notificationParams } from "@/lib/notifications/params";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { NOTIFICATION_EVENTS, isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";
import { NotificationActions } from "../_components/notification-actions";
import { TemplatePreview } from "../_components/template-preview";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Notification · Recurring Billing" };

export default async function NotificationPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const n = await loadRecord(ctx, id, listNotificationsPage);
  if (!isNotificationEvent(n.event)) notFound();
  const event = n.event;
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
          ["From", n.fromEmail],
          ["Customer", n.notifyCustomer ? "Gets the email" : "Not emailed"],
          ["Brand copy", n.notifyBrand ? `To ${n.brandEmail}` : "None"],
          ["Updated", formatInstant(n.updatedAt)],
        ]}
      />
      <div className="card">
        <TemplatePreview
          event={event}
          brand={previewBrand(ctx.brand)}
          defaults={DEFAULT_TEMPLATES[event]}
          templates={notificationParams(n)}
          at={ctx.now().toISOString()}
        />
      </div>
    </>
  );
}
