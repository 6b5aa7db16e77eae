import { eq } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import type { NotificationEvent } from "./events";
import { assertTemplates, findNotification } from "./queries";
import { BRAND_EMAIL_REQUIRED, type UpdateNotificationInput } from "./schemas";
import { notificationView } from "./view";

/** Optional parameters map to these columns; absent leaves a column alone, empty clears it. */
const OPTIONAL_COLUMNS = {
  default_notify_brand_email: "brandEmail",
  subject_brand: "subjectBrand",
  subject_customer: "subjectCustomer",
  html_brand: "htmlBrand",
  html_customer: "htmlCustomer",
} as const;

/** Changes a live notification; its event cannot change. */
export async function updateNotification({ ctx, input }: { ctx: Context; input: UpdateNotificationInput }) {
  const current = await findNotification(ctx, input.notification_id, { deleted: "refuse" });
  assertTemplates(current.event as NotificationEvent, input);
  const brandEmail = input.default_notify_brand_email === undefined ? current.brandEmail : input.default_notify_brand_email;
  if (input.default_notify_brand === "Y" && !brandEmail) {
    throw new DomainError("MISSING_PARAMETER", `default_notify_brand_email ${BRAND_EMAIL_REQUIRED}`, { parameter: "default_notify_brand_email" });
  }
  const changes: Partial<typeof notifications.$inferInsert> = {
    notifyBrand: input.default_notify_brand,
    notifyCustomer: input.default_notify_customer,
    fromEmail: input.from_email,
    updatedAt: ctx.now(),
  };
  for (const [param, column] of Object.entries(OPTIONAL_COLUMNS)) {
    const v = input[param as keyof typeof OPTIONAL_COLUMNS];
    if (v !== undefined) changes[column] = v;
  }
  const [row] = await ctx.db.update(notifications).set(changes).where(eq(notifications.id, current.id)).returning();
  return notificationView(row);
}
