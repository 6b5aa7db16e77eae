import type { InvoicesCreatedPayload } from "../billing/invoice-events";
import type { NotificationEvent } from "../notifications/events";
import type { NotificationPayload } from "../notifications/placeholders";
import type { PostPayload } from "../webhooks/post";
import type { StaffEmailPayload } from "../staff/links";

/**
 * Every outbox event type and its payload: emit() accepts no other, and lib/jobs/sinks.ts must
 * name a sink (or null) for each. Type-only imports: the payloads stay with their domains.
 */
export type OutboxEvents = { [E in NotificationEvent]: NotificationPayload } & {
  /** A product group's action_url post (lib/subscriptions/events.ts). */
  "post/action_url": PostPayload;
  /** A dunning rule's POST action (lib/billing/run-dunning.ts). */
  "post/dunning": PostPayload;
  /** Generate these subscriptions' due invoices now rather than at the next daily run. */
  "billing/generate": { subscription_ids: string[] };
  /** Written by the billing run's SQL; its delivery writes each invoice's Invoice/Create. */
  "billing/invoices-created": InvoicesCreatedPayload;
  /** Email a staff user an invitation link, or a password-reset link (lib/staff/links.ts). */
  "staff/invite": StaffEmailPayload;
  "staff/password-reset": StaffEmailPayload;
};

export type OutboxEventType = keyof OutboxEvents;

export interface OutboxEvent<T extends OutboxEventType = OutboxEventType> {
  type: T;
  payload: OutboxEvents[T];
}
