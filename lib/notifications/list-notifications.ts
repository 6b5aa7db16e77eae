import { eq, isNull } from "drizzle-orm";
import { filters, impossibleIds, inBrand, oldestFirst } from "../../db/scope";
import { notifications } from "../../db/schema";
import type { Context } from "../auth/context";
import { defaultSender } from "../adapters/email";
import { DEFAULT_TEMPLATES } from "./defaults";
import { EVENT_NAMES } from "./events";
import type { ListNotificationsInput } from "./schemas";
import { defaultTemplateView, notificationView } from "./view";

/** The brand's live notifications (or one by id, even deleted), or with defaults=Y the default templates. */
export async function listNotifications({ ctx, input }: { ctx: Context; input: ListNotificationsInput }) {
  if (input.defaults === "Y") {
    const events = input.notification_event ? [input.notification_event] : EVENT_NAMES;
    const items = events.map((e) => defaultTemplateView(e, DEFAULT_TEMPLATES[e], defaultSender()));
    return { items, total: items.length };
  }
  const id = input.notification_id;
  if (impossibleIds(id)) return { items: [], total: 0 };
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      inBrand(
        ctx,
        notifications,
        id ? eq(notifications.id, id) : isNull(notifications.deletedAt),
        ...filters([[notifications.event, input.notification_event]]),
      ),
    )
    .orderBy(...oldestFirst(notifications));
  return { items: rows.map(notificationView), total: rows.length };
}
