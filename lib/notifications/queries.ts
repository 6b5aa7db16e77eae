import { eq, isNull } from "drizzle-orm";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import { notifications } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import type { Context } from "../auth/context";
import { DomainError, invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { DEFAULT_TEMPLATES } from "./defaults";
import type { NotificationEvent } from "./events";
import { TEMPLATE_PARAMS } from "./schemas";
import { templateProblem } from "./templates";
import type { NotificationRow } from "./read";

/** The live notification of an event in the context's brand, if any. */
export async function liveNotificationOf(ctx: Context, event: string): Promise<NotificationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(notifications)
    .where(inBrand(ctx, notifications, eq(notifications.event, event), isNull(notifications.deletedAt)))
    .limit(1);
  return row;
}

/** Refuses a second live notification for the same event (Create, Restore; the unique index backs this up). */
export async function assertNoLiveNotification(ctx: Context, event: string, message: string) {
  if (await liveNotificationOf(ctx, event)) throw new DomainError("DUPLICATE", message);
}

/** Loads a notification of the brand (locked for the change), refusing a deleted one unless allowed. */
export async function findNotification(ctx: Context, id: string, { deleted }: { deleted: "refuse" | "require" }) {
  const row = await findInBrand(ctx, notifications, id, "Notification", "notification_id", { forUpdate: true });
  const isDeleted = row.status === STATUS.DELETED;
  if (deleted === "refuse" && isDeleted) throw invalidState("This notification is deleted; restore it first", "notification_id");
  if (deleted === "require" && !isDeleted) throw invalidState("This notification is not deleted", "notification_id");
  return row;
}

/** Every template parameter supplied must parse and use only the event's placeholders. */
export function assertTemplates(event: NotificationEvent, input: Partial<Record<(typeof TEMPLATE_PARAMS)[number], string | null>>) {
  for (const param of TEMPLATE_PARAMS) {
    const template = input[param];
    if (!template) continue;
    const problem = templateProblem(template, event, param.startsWith("html_"));
    if (problem) throw new DomainError("INVALID_PARAMETER", `${param} ${problem}`, { parameter: param });
  }
}

/** The stored template, or the event's default when the notification leaves it empty. */
export const templateOf = (n: NotificationRow, part: (typeof TEMPLATE_PARAMS)[number]) => {
  const stored = { subject_brand: n.subjectBrand, subject_customer: n.subjectCustomer, html_brand: n.htmlBrand, html_customer: n.htmlCustomer }[part];
  return stored ?? DEFAULT_TEMPLATES[n.event as NotificationEvent][part];
};

/** Writes that make a notification live: a concurrent twin loses on the unique index, as DUPLICATE. */
export async function guardDuplicate<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError("DUPLICATE", message);
    throw err;
  }
}

export const duplicateMessage = (event: string) => `A notification for ${event} already exists; update that one, or delete it first`;
