import { PLACEHOLDERS, placeholderNames, type Namespace, type PayloadNamespace } from "./placeholders";

type FieldOf<N extends Namespace> = keyof (typeof PLACEHOLDERS)[N] & string;
type Carries = { [N in PayloadNamespace]?: readonly FieldOf<N>[] };
interface EventSpec {
  sentWhen: string;
  /** The payload placeholders the event fills: templates may use these and no others. */
  carries: Carries;
  /** Placeholders ("ns.field") the event leaves empty in some cases, and when. */
  sometimesEmpty?: Record<string, string>;
}

const all = <N extends Namespace>(ns: N) => Object.keys(PLACEHOLDERS[ns]) as FieldOf<N>[];
const CUSTOMER = all("customer");
const USER = ["user_id", "username", "first_name", "last_name", "email_address"] as const;
const NO_COMPANY = { "customer.company_name": "the account has no company name" };

/**
 * The notification_event values (spec, Events 3, plus User/Create) and exactly what each carries.
 * This is the one source of truth: template checks, rendering, the parameter docs, the docs/notifications.md table
 * and the tests all read it.
 */
export const NOTIFICATION_EVENTS = {
  "Account/Create": {
    sentWhen: "a customer account is created",
    carries: { customer: CUSTOMER, user: [...USER, "initial_password"] },
    sometimesEmpty: { ...NO_COMPANY, "user.initial_password": "Account/Create was given a password" },
  },
  "User/PasswdReset": {
    sentWhen: "a temporary password is sent to the user",
    carries: { customer: CUSTOMER, user: [...USER, "temporary_password", "temporary_password_expires"] },
    sometimesEmpty: NO_COMPANY,
  },
  "User/2FARequest": {
    sentWhen: "an email verification code is requested",
    carries: { customer: CUSTOMER, user: [...USER, "email_verification_code"] },
    sometimesEmpty: NO_COMPANY,
  },
  // Not in the spec's table: User/Create with send_new_user_email Y promises an email (spec, User/Create).
  "User/Create": {
    sentWhen: "a user is added with send_new_user_email Y",
    carries: { customer: CUSTOMER, user: [...USER, "initial_password"] },
    sometimesEmpty: { ...NO_COMPANY, "user.initial_password": "User/Create was given a password" },
  },
  "Subscription/Create": {
    sentWhen: "a subscription is started",
    carries: { customer: CUSTOMER, subscription: all("subscription") },
    sometimesEmpty: { ...NO_COMPANY, "subscription.renewal_date": "the product is one-time (it never renews)" },
  },
  "Subscription/Suspend": {
    sentWhen: "a subscription is suspended, including for non-payment",
    carries: { customer: CUSTOMER, subscription: all("subscription") },
    sometimesEmpty: { ...NO_COMPANY, "subscription.renewal_date": "the product is one-time (it never renews)" },
  },
  "Subscription/Delete": {
    sentWhen: "a subscription is cancelled or deleted",
    carries: { customer: CUSTOMER, subscription: all("subscription") },
    sometimesEmpty: { ...NO_COMPANY, "subscription.renewal_date": "the product is one-time (it never renews)" },
  },
  "Invoice/Create": {
    sentWhen: "an invoice is created on a customer account",
    carries: { customer: CUSTOMER, invoice: all("invoice"), subscription: ["subscription_id"] },
    sometimesEmpty: { ...NO_COMPANY, "subscription.subscription_id": "the invoice belongs to no subscription" },
  },
  "Payment/Create": {
    sentWhen: "a payment is posted",
    carries: { customer: CUSTOMER, payment: all("payment"), invoice: all("invoice") },
    sometimesEmpty: {
      ...NO_COMPANY,
      "payment.invoice_id": "the payment went to the prepaid balance (so do all invoice.* placeholders)",
      "payment.payment_transaction_id": "no gateway took part (a recorded payment)",
    },
  },
  "Invoice/Reminder": {
    sentWhen: "sent by Invoice/Reminder or as a dunning REMIND action",
    carries: { customer: CUSTOMER, invoice: all("invoice"), subscription: ["subscription_id"] },
    sometimesEmpty: { ...NO_COMPANY, "subscription.subscription_id": "the invoice belongs to no subscription" },
  },
} as const satisfies Record<string, EventSpec>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as [NotificationEvent, ...NotificationEvent[]];

export const isNotificationEvent = (type: string): type is NotificationEvent => Object.hasOwn(NOTIFICATION_EVENTS, type);

/** The namespaces a template of this event may use. */
export const namespacesOf = (event: NotificationEvent): Namespace[] => [
  "brand",
  "event",
  ...(Object.keys(NOTIFICATION_EVENTS[event].carries) as PayloadNamespace[]),
];

/** The fields of a namespace a template of this event may use (brand and event: all of them). */
export function fieldsOf(event: NotificationEvent, ns: Namespace): readonly string[] {
  if (ns === "brand" || ns === "event") return all(ns);
  return (NOTIFICATION_EVENTS[event].carries as Carries)[ns] ?? [];
}

/** The event's own placeholders as "ns.field" (brand.* and event.* are common to every event). */
export const eventPlaceholders = (event: NotificationEvent) =>
  namespacesOf(event)
    .filter((ns) => ns !== "brand" && ns !== "event")
    .flatMap((ns) => fieldsOf(event, ns).map((f) => `${ns}.${f}`));

/** docs/notifications.md's table of events and placeholders, generated so it cannot drift (tests compare it). */
export function eventPlaceholderTable(): string {
  const rows = EVENT_NAMES.map((e) => {
    const spec: EventSpec = NOTIFICATION_EVENTS[e];
    const empty = Object.entries(spec.sometimesEmpty ?? {}).map(([p, when]) => `\`${p}\` when ${when}`);
    return `| ${e} | ${spec.sentWhen} | ${eventPlaceholders(e)
      .map((p) => `\`${p}\``)
      .join(", ")} | ${empty.join("; ")} |`;
  });
  const common = `| (every event) | | ${placeholderNames(["brand", "event"])
    .map((p) => `\`${p}\``)
    .join(", ")} | \`brand.*\` the brand has not set |`;
  return ["| Event | Sent when | Placeholders | Empty when |", "|---|---|---|---|", common, ...rows].join("\n");
}
