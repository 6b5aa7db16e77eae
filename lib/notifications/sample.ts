import { INVOICE_STATUS, STATUS } from "../../db/schema/status";
import type { Brand } from "../auth/context";
import type { NotificationEvent } from "./events";
import type { NotificationPayload } from "./placeholders";
import { renderTemplate, templateProblem, templateView, withoutSecrets, type TemplateView } from "./templates";

/**
 * Made-up values for every payload placeholder, so a template editor can show what an email will
 * look like before any event sends one. Rendering goes through templates.ts, exactly as the emails do.
 */
export const SAMPLE_PAYLOAD: NotificationPayload = {
  customer: {
    customer_account_id: "6f1c2a4e-0b7d-4c55-9e1a-3d2f8b9c0a11",
    first_name: "Jane",
    last_name: "Sample",
    company_name: "Sample Co.",
    email_address: "jane@example.com",
  },
  user: {
    user_id: "0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d",
    username: "jane.sample",
    first_name: "Jane",
    last_name: "Sample",
    email_address: "jane@example.com",
    initial_password: "Xk4-pR9-tW2",
    temporary_password: "Tq7-mN3-vB8",
    temporary_password_expires: "11/25/2026 3:00 PM",
    email_verification_code: "A1B2C3D4E5F6G7H8J9K0L1M2N3P4Q5R6S7T",
  },
  subscription: {
    subscription_id: "3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7",
    product_name: "Pro plan",
    status: STATUS.ACTIVE,
    renewal_date: "12/25/2026",
    recurring_price: "25.00",
    billing_period: "Monthly",
    auto_pay: "Y",
  },
  invoice: {
    invoice_id: "9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a",
    number: "ACME-000042",
    currency: "USD",
    status: INVOICE_STATUS.UNPAID,
    due_date: "12/1/2026",
    total: "25.00",
    amount_paid: "10.00",
    amount_due: "15.00",
  },
  payment: {
    payment_id: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
    invoice_id: "9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a",
    amount: "10.00",
    currency: "USD",
    payment_date: "11/25/2026",
    payment_transaction_id: "ch_sample_123",
  },
};

/** The brand fields a template reads (and the time zone its dates use). */
export type PreviewBrand = Pick<
  Brand,
  | "name"
  | "description"
  | "logoUrl"
  | "websiteUrl"
  | "websiteLoginUrl"
  | "supportEmail"
  | "supportLink"
  | "supportPhone"
  | "termsUrl"
  | "privacyUrl"
  | "timezoneId"
>;

export const previewBrand = (b: Brand): PreviewBrand => ({
  name: b.name,
  description: b.description,
  logoUrl: b.logoUrl,
  websiteUrl: b.websiteUrl,
  websiteLoginUrl: b.websiteLoginUrl,
  supportEmail: b.supportEmail,
  supportLink: b.supportLink,
  supportPhone: b.supportPhone,
  termsUrl: b.termsUrl,
  privacyUrl: b.privacyUrl,
  timezoneId: b.timezoneId,
});

export interface Preview {
  subject: string;
  html: string;
  /** Why the subject or body cannot be used (what the API would refuse), or null. */
  problem: string | null;
}

/**
 * One copy of an event's email rendered with the sample values: the customer's copy with
 * credentials, the brand's without (as sent). Templates are checked first, as the API checks them.
 */
export function renderPreview(event: NotificationEvent, brand: PreviewBrand, copy: "customer" | "brand", subject: string, html: string, at: Date): Preview {
  const problem =
    (templateProblem(subject, event, false) && `Subject ${templateProblem(subject, event, false)}`) ||
    (templateProblem(html, event, true) && `Body ${templateProblem(html, event, true)}`) ||
    null;
  if (problem) return { subject: "", html: "", problem };
  const full: TemplateView = templateView(event, brand as Brand, SAMPLE_PAYLOAD as Record<string, unknown>, at);
  const view = copy === "customer" ? full : withoutSecrets(full);
  return { subject: renderTemplate(subject, view, false), html: renderTemplate(html, view, true), problem: null };
}
