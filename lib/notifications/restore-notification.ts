import { eq } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import { assertNoLiveNotification, findNotification, guardDuplicate } from "./queries";
import { notificationView } from "./view";

/** Brings a deleted notification back, unless another one of the same event exists (409 DUPLICATE). No time limit. */
export async function restoreNotification({ ctx, input }: { ctx: Context; input: { notification_id: string } }) {
  const current = await findNotification(ctx, input.notification_id, { deleted: "require" });
  const message = `A notification for ${current.event} already exists; delete it before restoring this one`;
  await assertNoLiveNotification(ctx, current.event, message);
  const restore = ctx.db
    .update(notifications)
    .set({ status: STATUS.ACTIVE, deletedAt: null, updatedAt: ctx.now() })
    .where(eq(notifications.id, current.id))
    .returning();
  const [row] = await guardDuplicate(restore, message);
  return notificationView(row);
}
