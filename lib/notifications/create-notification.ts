import { notifications } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { STATUS } from "../lifecycle";
import { assertNoLiveNotification, assertTemplates, duplicateMessage, guardDuplicate } from "./queries";
import type { CreateNotificationInput } from "./schemas";
import { notificationView } from "./view";

/** One live notification per event and brand; a second one is refused (409 DUPLICATE). */
export async function createNotification({ ctx, input }: { ctx: Context; input: CreateNotificationInput }) {
  const event = input.notification_event;
  assertTemplates(event, input);
  await assertNoLiveNotification(ctx, event, duplicateMessage(event));
  const now = ctx.now();
  const insert = ctx.db
    .insert(notifications)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      event,
      notifyBrand: input.default_notify_brand,
      brandEmail: input.default_notify_brand_email ?? null,
      notifyCustomer: input.default_notify_customer,
      subjectBrand: input.subject_brand ?? null,
      subjectCustomer: input.subject_customer ?? null,
      htmlBrand: input.html_brand ?? null,
      htmlCustomer: input.html_customer ?? null,
      fromEmail: input.from_email,
      status: STATUS.ACTIVE,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [row] = await guardDuplicate(insert, duplicateMessage(event));
  return notificationView(row);
}
