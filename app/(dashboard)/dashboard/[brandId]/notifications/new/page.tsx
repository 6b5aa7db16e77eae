import { dashboardContext } from "@/app/_auth/session";
import { FormPage } from "@/components/dashboard/detail";
import { notificationList } from "@/lib/notifications/list-notifications";
import { DEFAULT_TEMPLATES } from "@/lib/notifications/defaults";
import { isNotificationEvent } from "@/lib/notifications/events";
import { previewBrand } from "@/lib/notifications/sample";
import { NotificationForm } from "../_components/notification-form";

export const metadata = { title: "New notification · Recurring Billing" };

export default async function NewNotificationPage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ event?: string }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const { event } = await searchParams;
  const taken = (await notificationList.window(ctx)).rows.map((n) => n.event);
  const base = `/dashboard/${brandId}/notifications`;
  return (
    <FormPage list={{ href: base, label: "Notifications" }} step="New" title="New notification">
      <NotificationForm
        brandId={brandId}
        brand={previewBrand(ctx.brand)}
        defaults={DEFAULT_TEMPLATES}
        at={ctx.now().toISOString()}
        event={event && isNotificationEvent(event) ? event : undefined}
        taken={taken}
      />
    </FormPage>
  );
}
