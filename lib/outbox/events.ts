import type { NotificationEvent } from "../notifications/events";
import type { NotificationPayload } from "../notifications/placeholders";

/** Outbox payload of an outgoing post (product-group action_url events, dunning POST actions; lib/webhooks/post.ts). */
export interface PostPayload {
  url: string;
  /** Sent in this order as application/x-www-form-urlencoded (pairs: jsonb would reorder an object's keys). */
  fields: [string, string][];
}

/** The invoices a billing run wrote, whose Invoice/Create events its delivery writes (lib/billing/invoice-events.ts). */
export interface InvoicesCreatedPayload {
  invoice_ids: string[];
  /** Set in the transaction that wrote the Invoice/Create events, so a second delivery writes none. */
  fanned_out?: true;
}

/** What the staff/invite and staff/password-reset outbox events carry: nothing secret (lib/staff/links.ts). */
export interface StaffEmailPayload {
  staff_user_id: string;
}

/**
 * Every outbox event type and its payload: emit() accepts no other, and lib/jobs/sinks.ts must
 * name a sink (or null) for each. The payloads of the domains above the outbox are declared here,
 * so the outbox imports none of them.
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
