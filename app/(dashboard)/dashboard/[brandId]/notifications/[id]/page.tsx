import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
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

export default async function NotificationPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const n = (await notificationPageList.page(ctx, { filters: { id } })).rows[0];
  if (!n || !isNotificationEvent(n.notification_event)) notFound();
  const event = n.notification_event;
  const values = notificationFormValues(n);
  const base = `/dashboard/${brandId}/notifications`;
  const deleted = n.status === STATUS.DELETED;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Notifications</Link> / {event}
      </p>
      <div className="page-head">
        <h1>
          {event} <StatusBadge status={n.status} />
        </h1>
        <div className="actions">
          {!deleted && (
            <Link href={`${base}/${id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <NotificationActions brandId={brandId} id={id} event={event} deleted={deleted} />
        </div>
      </div>
      <section className="card" aria-labelledby="settings">
        <h2 id="settings">Settings</h2>
        <dl className="details">
          <dt>Sent when</dt>
          <dd>{NOTIFICATION_EVENTS[event].sentWhen}</dd>
          <dt>From</dt>
          <dd>{n.from_email}</dd>
          <dt>Customer</dt>
          <dd>{n.default_notify_customer === "Y" ? "Gets the email" : "Not emailed"}</dd>
          <dt>Brand copy</dt>
          <dd>{n.default_notify_brand === "Y" ? `To ${n.default_notify_brand_email}` : "None"}</dd>
          <dt>Updated</dt>
          <dd>{formatInstant(n.updated)}</dd>
        </dl>
      </section>
      <div className="card">
        <TemplatePreview event={event} brand={previewBrand(ctx.brand)} defaults={DEFAULT_TEMPLATES[event]} templates={values} at={ctx.now().toISOString()} />
      </div>
    </>
  );
}
