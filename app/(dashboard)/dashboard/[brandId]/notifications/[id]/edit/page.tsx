import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { notificationFormValues, notificationPageList } from "@/lib/notifications/pages";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { isUuid } from "@/lib/ids";
import { NotificationForm } from "../../_components/notification-form";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit notification · Recurring Billing" };

export default async function EditNotificationPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const n = (await notificationPageList.page(ctx, { filters: { id } })).rows[0];
  if (!n || n.status === STATUS.DELETED || !isNotificationEvent(n.notification_event)) notFound();
  const base = `/dashboard/${brandId}/notifications`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Notifications</Link> / <Link href={`${base}/${id}`}>{n.notification_event}</Link> / Edit
      </p>
      <h1>Edit the {n.notification_event} notification</h1>
      <div className="card">
        <NotificationForm
          brandId={brandId}
          brand={previewBrand(ctx.brand)}
          defaults={DEFAULT_TEMPLATES}
          at={ctx.now().toISOString()}
          notification={{ ...notificationFormValues(n), notification_id: id, notification_event: n.notification_event }}
        />
      </div>
    </>
  );
}
