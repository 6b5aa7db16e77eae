import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { notificationFormValues, notificationPageList } from "@/lib/notifications/pages";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { isUuid } from "@/lib/ids";
import { NotificationForm } from "../../_components/notification-form";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit notification · Recurring Billing" };

export default async function EditNotificationPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const n = (await notificationPageList.page(ctx, { filters: { id } })).rows[0];
  if (!n || n.status === STATUS.DELETED || !isNotificationEvent(n.notification_event)) notFound();
  const base = `${dash}/notifications`;
  return (
    <FormPage
      list={{ href: base, label: "Notifications" }}
      record={{ href: `${base}/${id}`, label: n.notification_event }}
      title={<>Edit the {n.notification_event} notification</>}
    >
      <NotificationForm
        brandId={brandId}
        brand={previewBrand(ctx.brand)}
        defaults={DEFAULT_TEMPLATES}
        at={ctx.now().toISOString()}
        notification={{ ...notificationFormValues(n), notification_id: id, notification_event: n.notification_event }}
      />
    </FormPage>
  );
}
