import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { loadRecord, openRecord, type RecordPageProps } from "../../../_components/load-record";
import { listNotificationsPage } from "@/lib/notifications/list-notifications";
import { notificationParams } from "@/lib/notifications/params";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { NotificationForm } from "../../_components/notification-form";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit notification · Recurring Billing" };

export default async function EditNotificationPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const n = await loadRecord(ctx, id, listNotificationsPage);
  if (n.status === STATUS.DELETED || !isNotificationEvent(n.event)) notFound();
  const base = `${dash}/notifications`;
  return (
    <FormPage list={{ href: base, label: "Notifications" }} record={{ href: `${base}/${id}`, label: n.event }} title={<>Edit the {n.event} notification</>}>
      <NotificationForm
        brandId={brandId}
        brand={previewBrand(ctx.brand)}
        defaults={DEFAULT_TEMPLATES}
        at={ctx.now().toISOString()}
        notification={{ ...notificationParams(n), notification_id: id, notification_event: n.event }}
      />
    </FormPage>
  );
}
