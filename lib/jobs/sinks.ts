import { fanOutInvoicesCreated, generateRequestedInvoices } from "../billing/sinks";
import { notificationSink } from "./send-notification-emails";
import type { Sink } from "../outbox/deliver";
import type { OutboxEventType } from "../outbox/events";
import { postSink } from "../webhooks/post";
import { staffEmailSink } from "../staff/links";

const post = postSink();

/**
 * Every outbox event type and what delivers it; null would mean recorded but delivered to nobody.
 * Typed over all of lib/outbox/events.ts, so a new event type does not compile until it has a row.
 * Here rather than in lib/outbox: the sinks belong to domains that themselves emit.
 */
export const SINKS: { readonly [T in OutboxEventType]: Sink | null } = {
  "Account/Create": notificationSink,
  "User/Create": notificationSink,
  "User/PasswdReset": notificationSink,
  "User/2FARequest": notificationSink,
  "Subscription/Create": notificationSink,
  "Subscription/Suspend": notificationSink,
  "Subscription/Delete": notificationSink,
  "Invoice/Create": notificationSink,
  "Invoice/Reminder": notificationSink,
  "Payment/Create": notificationSink,
  "post/action_url": post,
  "post/dunning": post,
  "billing/generate": generateRequestedInvoices,
  "billing/invoices-created": fanOutInvoicesCreated,
  "staff/invite": staffEmailSink("invite"),
  "staff/password-reset": staffEmailSink("reset"),
};

/** The sink of a stored event's type; none for a type the table does not know or leaves sink-less. */
export const sinkFor = (type: string): Sink | undefined => (Object.hasOwn(SINKS, type) ? (SINKS[type as OutboxEventType] ?? undefined) : undefined);
