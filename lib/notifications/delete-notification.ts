import { eq } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import { findNotification } from "./queries";
import { notificationView } from "./view";

/** Deletes a live notification: its event sends no email until a notification exists again. */
export async function deleteNotification({ ctx, input }: { ctx: Context; input: { notification_id: string } }) {
  const current = await findNotification(ctx, input.notification_id, { deleted: "refuse" });
  const now = ctx.now();
  const [row] = await ctx.db
    .update(notifications)
    .set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now })
    .where(eq(notifications.id, current.id))
    .returning();
  return notificationView(row);
}
