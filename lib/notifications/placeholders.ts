/**
 * The placeholders notification templates may use, as {{namespace.field}} (mustache syntax; values
 * are HTML-escaped in html_* templates). `brand` and `event` come from the service; the other
 * namespaces come from the outbox event's payload, which the emitting verb fills (see
 * NotificationPayload). Only the fields listed here reach a template; anything else in a payload is
 * ignored, so a verb can never leak a field by accident. Inside a section such as
 * {{#invoice}}...{{/invoice}} the namespace's fields may be used bare ({{due_date}}).
 */
export const PLACEHOLDERS = {
  brand: {
    name: "The brand's name",
    description: "What the brand sells",
    logo_url: "Address of the brand's logo",
    website_url: "The brand's website",
    website_login_url: "Where customers sign in",
    support_email: "Support email address",
    support_link: "Support page address",
    support_phone: "Support phone number",
    terms_url: "Terms of service address",
    privacy_url: "Privacy policy address",
  },
  event: {
    type: "The notification event, e.g. Invoice/Create",
    date: "The day the event happened, M/D/YYYY",
  },
  customer: {
    customer_account_id: "The customer account's id",
    first_name: "The account holder's first name",
    last_name: "The account holder's last name",
    company_name: "The account's company name",
    email_address: "The account's email address",
  },
  user: {
    user_id: "The user's id",
    username: "The user's (generated) username",
    first_name: "The user's first name",
    last_name: "The user's last name",
    email_address: "The user's email address",
    initial_password: "The generated password, only when none was given",
    temporary_password: "The temporary password",
    temporary_password_expires: "When the temporary password stops working, in the brand's time zone",
    email_verification_code: "The email verification code",
  },
  subscription: {
    subscription_id: "The subscription's id",
    product_name: "The subscribed product's name",
    status: "The subscription's status (1 active, 2 suspended, 3 deleted)",
    renewal_date: "The next renewal date, M/D/YYYY",
    recurring_price: "The recurring price, like 25.00",
    billing_period: 'How often it renews, as people say it: "Monthly", "Every 3 months", "Yearly", "Every 30 days" ("One time" when it never renews)',
    auto_pay: "Y or N",
  },
  invoice: {
    invoice_id: "The invoice's id",
    number: "The invoice's number, its name for people, like ACME-000042",
    currency: "The currency of its amounts (ISO 4217), like USD",
    status: "The invoice's status (0 unpaid, 1 paid, 2 partially paid, 3 deleted)",
    due_date: "The due date, M/D/YYYY",
    total: "The invoice total, like 25.00",
    amount_paid: "What has been paid so far, like 10.00",
    amount_due: "What is still owed, like 15.00",
    subtotal: "The invoice before its exclusive tax, like 25.00",
    tax_total: "Its tax, like 5.00",
    tax_lines: 'Each tax with what it taxed, like "VAT 20% on 25.00: 5.00" (empty without tax)',
    tax_note: 'What the invoice states about its tax: "Tax exempt: <reason>", or "Reverse charge: ..." with both tax ids (empty otherwise)',
  },
  payment: {
    payment_id: "The payment's id",
    invoice_id: "The invoice the payment was posted to",
    amount: "The amount paid, like 25.00",
    currency: "The currency of the amount (ISO 4217), like USD",
    payment_date: "The day of the payment, M/D/YYYY",
    payment_transaction_id: "The gateway's transaction id",
  },
} as const;

export type Namespace = keyof typeof PLACEHOLDERS;
/** Namespaces read from the event payload (brand and event are filled in by the service). */
export type PayloadNamespace = Exclude<Namespace, "brand" | "event">;

/**
 * What a verb passes to emit() for a notification event. `to_email` is the customer's address
 * (sent when default_notify_customer is Y) and `cc_email` the account's cc_email_address, which
 * gets its own copy of the customer email. Values are wire strings ("25.00", "11/22/2026").
 */
export type NotificationPayload = {
  to_email?: string | null;
  cc_email?: string | null;
} & {
  [N in PayloadNamespace]?: { [F in keyof (typeof PLACEHOLDERS)[N]]?: string | number | null };
};

/** Every placeholder as "namespace.field", for documentation. */
export const placeholderNames = (namespaces: readonly Namespace[]) => namespaces.flatMap((ns) => Object.keys(PLACEHOLDERS[ns]).map((f) => `${ns}.${f}`));

/**
 * Credentials: filled only in the email to the addressee (the user they belong to), never in the
 * brand's copy or the cc copy, whatever the template asks for.
 */
export const SECRET_FIELDS = { user: ["initial_password", "temporary_password", "email_verification_code"] } as const satisfies {
  [N in PayloadNamespace]?: readonly (keyof (typeof PLACEHOLDERS)[N])[];
};

/** What a credential shows as once masked (the local mailbox's copy of an email, after it is read or a day old). */
export const MASKED_SECRET = "••••••";

/**
 * An event payload or template view without its credentials (SECRET_FIELDS): each removed, or with
 * `mask` replaced by it; undefined when it carries none. The one walk the outbox (erasing them after
 * delivery), the brand's and cc copies (never showing them) and the local mailbox (masking them) share.
 */
export function withoutSecrets<T>(payload: T, mask?: string): T | undefined {
  if (!payload || typeof payload !== "object") return undefined;
  let out: Record<string, unknown> | undefined;
  for (const [ns, fields] of Object.entries(SECRET_FIELDS)) {
    const part = (payload as Record<string, unknown>)[ns];
    if (!part || typeof part !== "object" || !fields.some((f) => f in part)) continue;
    const kept: Record<string, unknown> = { ...(part as Record<string, unknown>) };
    for (const f of fields) {
      if (!(f in kept)) continue;
      if (mask === undefined) delete kept[f];
      else kept[f] = mask;
    }
    out = { ...(out ?? (payload as Record<string, unknown>)), [ns]: kept };
  }
  return out as T | undefined;
}
