import { z } from "zod";
import { email, flag, id, oneOf, opt, req, multilineText, text } from "../wire/params";
import { EVENT_NAMES, NOTIFICATION_EVENTS, eventPlaceholders } from "./events";
import { placeholderNames } from "./placeholders";

export const SUBJECT_MAX = 255;
export const HTML_MAX = 100_000;

const eventList = EVENT_NAMES.map((e) => `${e} (${NOTIFICATION_EVENTS[e].sentWhen})`).join("; ");
const placeholderDoc =
  `Every event: ${placeholderNames(["brand", "event"]).join(", ")}. ` +
  `Each event's own: ${EVENT_NAMES.map((e) => `${e}: ${eventPlaceholders(e).join(", ")}`).join("; ")}. ` +
  "Passwords and codes are filled only in the email to the user they belong to, never in the brand's or the cc copy";
const templateDoc = (what: string) =>
  `${what}; a mustache template with {{placeholder}} values (HTML-escaped in html_*; {{#name}}...{{/name}} shows a part only when the value is set). ` +
  `Empty: the event's default template is used (Notification/List with defaults=Y shows them). ${placeholderDoc}`;

const brandEmailDoc = "Where the brand's copy goes; required when default_notify_brand is Y";

export const BRAND_EMAIL_REQUIRED = "is required when default_notify_brand is Y";

/**
 * default_notify_brand_email is required when default_notify_brand is Y. Create needs it in the
 * request; Update only refuses clearing it here (an absent one is checked against the stored value).
 */
const requireBrandEmail =
  (absentCounts: boolean) => (v: { default_notify_brand: "Y" | "N"; default_notify_brand_email?: string | null }, c: z.RefinementCtx) => {
    const missing = v.default_notify_brand_email === null || (absentCounts && v.default_notify_brand_email === undefined);
    if (v.default_notify_brand === "Y" && missing) {
      c.addIssue({ code: "custom", path: ["default_notify_brand_email"], params: { code: "MISSING_PARAMETER" }, message: BRAND_EMAIL_REQUIRED });
    }
  };

const fields = {
  default_notify_brand: req(flag(), "Y sends the brand's copy to default_notify_brand_email", { example: "N" }),
  default_notify_brand_email: opt(email(), brandEmailDoc, { example: "billing@example.com" }),
  default_notify_customer: req(flag(), "Y sends the customer's copy to the email address on the customer account (and its cc_email_address)", { example: "Y" }),
  subject_brand: opt(text(SUBJECT_MAX), templateDoc(`Subject of the brand's copy, at most ${SUBJECT_MAX} characters`)),
  subject_customer: opt(text(SUBJECT_MAX), templateDoc(`Subject of the customer's copy, at most ${SUBJECT_MAX} characters`)),
  html_brand: opt(multilineText(HTML_MAX), templateDoc(`HTML body of the brand's copy, at most ${HTML_MAX} characters`)),
  html_customer: opt(multilineText(HTML_MAX), templateDoc(`HTML body of the customer's copy, at most ${HTML_MAX} characters`)),
  from_email: req(email(), "The sender address of the emails (its domain must be verified with the email provider)", { example: "billing@example.com" }),
};

export const ListNotificationsParams = z
  .object({
    notification_id: opt(id(), "Only this notification (also finds a deleted one)", { refersTo: "Notification" }),
    notification_event: opt(oneOf(EVENT_NAMES), `Only the notification of this event: ${eventList}`),
    defaults: opt(
      flag(),
      "Y lists the default templates instead of the brand's notifications: one record per event (or only notification_event's), with is_default Y and no notification_id",
    ),
  })
  .superRefine((v, c) => {
    if (v.defaults === "Y" && v.notification_id) {
      c.addIssue({ code: "custom", path: ["notification_id"], message: "must be empty when defaults is Y (default templates have no id)" });
    }
  });

export const CreateNotificationParams = z
  .object({
    notification_event: req(oneOf(EVENT_NAMES), `The event that sends this email; one notification per event: ${eventList}`, { example: "Invoice/Create" }),
    ...fields,
  })
  .superRefine(requireBrandEmail(true));

/** Update may not change notification_event; the optional fields follow Update semantics (empty clears). */
export const UpdateNotificationParams = z
  .object({
    notification_id: req(id(), "The notification to change", { refersTo: "Notification" }),
    ...fields,
  })
  .superRefine(requireBrandEmail(false));

export const NotificationIdParams = (what: string) => z.object({ notification_id: req(id(), what, { refersTo: "Notification" }) });

export type ListNotificationsInput = z.output<typeof ListNotificationsParams>;
export type CreateNotificationInput = z.output<typeof CreateNotificationParams>;
export type UpdateNotificationInput = z.output<typeof UpdateNotificationParams>;
/** The template parameters, checked against the event's placeholders by the verbs. */
export const TEMPLATE_PARAMS = ["subject_brand", "subject_customer", "html_brand", "html_customer"] as const;
