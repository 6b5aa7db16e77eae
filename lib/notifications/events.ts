import type { Namespace, PayloadNamespace } from "./placeholders";

/** The notification_event values (spec, Events 3) and the payload namespaces each one carries. */
export const NOTIFICATION_EVENTS = {
  "Account/Create": { sentWhen: "a customer account is created", carries: ["customer", "user"] },
  "User/PasswdReset": { sentWhen: "a temporary password is sent to the user", carries: ["customer", "user"] },
  "User/2FARequest": { sentWhen: "an email verification code is requested", carries: ["customer", "user"] },
  "Subscription/Create": { sentWhen: "a subscription is started", carries: ["customer", "subscription"] },
  "Subscription/Suspend": { sentWhen: "a subscription is suspended, including for non-payment", carries: ["customer", "subscription"] },
  "Subscription/Delete": { sentWhen: "a subscription is cancelled or deleted", carries: ["customer", "subscription"] },
  "Invoice/Create": { sentWhen: "an invoice is created on a customer account", carries: ["customer", "invoice", "subscription"] },
  "Payment/Create": { sentWhen: "a payment is posted", carries: ["customer", "payment", "invoice"] },
  "Invoice/Reminder": { sentWhen: "sent by Invoice/Reminder or as a dunning REMIND action", carries: ["customer", "invoice", "subscription"] },
} as const satisfies Record<string, { sentWhen: string; carries: readonly PayloadNamespace[] }>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as [NotificationEvent, ...NotificationEvent[]];

export const isNotificationEvent = (type: string): type is NotificationEvent => Object.hasOwn(NOTIFICATION_EVENTS, type);

/** The namespaces a template of this event may use. */
export const namespacesOf = (event: NotificationEvent): Namespace[] => ["brand", "event", ...NOTIFICATION_EVENTS[event].carries];
