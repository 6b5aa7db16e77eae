import { z } from "zod";
import { notifications as t } from "../../db/schema";
import { defineList, deletedFilter, equalsFilter, idFilter, liveUnlessById } from "../lists";
import type { Context } from "../auth/context";
import { defaultSender } from "../adapters/email";
import { DEFAULT_TEMPLATES } from "./defaults";
import { EVENT_NAMES } from "./events";
import type { ListNotificationsInput } from "./schemas";
import { readDefaultTemplate, readNotification } from "./read";

/**
 * The brand's live notifications (or one by id, even deleted; a staff page's `deleted` Y: the
 * deleted ones, to restore); `q` searches the event and subjects.
 */
export const notificationList = defineList({
  table: t,
  filters: { id: idFilter(t.id), event: equalsFilter(t.event, z.string()), deleted: deletedFilter(t.deletedAt) },
  scope: liveUnlessById(t.deletedAt),
  search: [t.event, t.subjectCustomer, t.subjectBrand],
  sortable: { created_at: t.createdAt, event: t.event },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readNotification),
});
export const listNotificationsPage = notificationList.page;

/** The brand's live notifications (or one by id, even deleted), or with defaults=Y the default templates. */
export async function listNotifications({ ctx, input }: { ctx: Context; input: ListNotificationsInput }) {
  if (input.defaults === "Y") {
    const events = input.notification_event ? [input.notification_event] : EVENT_NAMES;
    const items = events.map((e) => readDefaultTemplate(e, DEFAULT_TEMPLATES[e], defaultSender()));
    return { items, total: items.length };
  }
  const { rows, total } = await notificationList.window(ctx, { filters: { id: input.notification_id, event: input.notification_event } });
  return { items: rows, total };
}
