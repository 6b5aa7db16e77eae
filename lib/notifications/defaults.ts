import type { NotificationEvent } from "./events";

/** Verification codes (User/RequestVerification) expire after this many minutes and work once; the default email says so. */
export const CODE_MINUTES = 10;

export interface Template {
  subject_brand: string;
  subject_customer: string;
  html_brand: string;
  html_customer: string;
}

const hello = "<p>Hello {{customer.first_name}},</p>";
const signoff = "<p>Thank you,<br>{{brand.name}}{{#brand.support_email}}<br>{{brand.support_email}}{{/brand.support_email}}</p>";
const customerLine = "<p>Customer: {{customer.first_name}} {{customer.last_name}} ({{customer.email_address}}), account {{customer.customer_account_id}}</p>";
const userLine =
  "<p>User: {{user.first_name}} {{user.last_name}} ({{user.email_address}}), username {{user.username}}, account {{customer.customer_account_id}} of {{customer.first_name}} {{customer.last_name}}</p>";
const signIn =
  '{{#brand.website_login_url}}<p>Sign in at <a href="{{brand.website_login_url}}">{{brand.website_login_url}}</a>.</p>{{/brand.website_login_url}}';

/** Builds one event's default: the brand gets a short notice, the customer a letter. */
const template = (subjectBrand: string, subjectCustomer: string, brandBody: string, customerBody: string): Template => ({
  subject_brand: subjectBrand,
  subject_customer: subjectCustomer,
  html_brand: `<p>${brandBody}</p>${customerLine}`,
  html_customer: `${hello}${customerBody}${signoff}`,
});

/** The same for events addressed to one user of the account (who may not be the account holder). */
const userTemplate = (subjectBrand: string, subjectCustomer: string, brandBody: string, userBody: string): Template => ({
  subject_brand: subjectBrand,
  subject_customer: subjectCustomer,
  html_brand: `<p>${brandBody}</p>${userLine}`,
  html_customer: `<p>Hello {{user.first_name}},</p>${userBody}${signoff}`,
});

/** Shown only when a password was generated (none given); the brand's and cc copies never carry it. */
const initialPassword =
  "{{#user.initial_password}}<p>Your password is <strong>{{user.initial_password}}</strong>. Please change it after signing in.</p>{{/user.initial_password}}";

/** The templates used when a notification leaves a subject or html empty (Notification/List defaults=Y). */
export const DEFAULT_TEMPLATES: Record<NotificationEvent, Template> = {
  "Account/Create": template(
    "New customer account: {{customer.first_name}} {{customer.last_name}}",
    "Welcome to {{brand.name}}",
    "A new customer account was created.",
    `<p>Your {{brand.name}} account is ready. Your username is <strong>{{user.username}}</strong>.</p>${initialPassword}${signIn}`,
  ),
  "User/PasswdReset": userTemplate(
    "Password reset for {{user.username}}",
    "Your temporary {{brand.name}} password",
    "A temporary password was sent to user {{user.username}}.",
    "<p>Your temporary password is <strong>{{user.temporary_password}}</strong>. It works for one hour, until {{user.temporary_password_expires}}. Please choose a new password after signing in.</p><p>If you did not ask for this, contact us.</p>",
  ),
  "User/2FARequest": userTemplate(
    "Verification code requested by {{user.username}}",
    "Your {{brand.name}} verification code",
    "An email verification code was requested for user {{user.username}}.",
    `<p>Your verification code is:</p><p><strong>{{user.email_verification_code}}</strong></p><p>It works once, for ${CODE_MINUTES} minutes. If you did not ask for this, you can ignore this email.</p>`,
  ),
  "User/Create": userTemplate(
    "New user {{user.username}} on account {{customer.customer_account_id}}",
    "Your {{brand.name}} user is ready",
    "A new user was added to a customer account.",
    `<p>A {{brand.name}} user has been created for you. Your username is <strong>{{user.username}}</strong>.</p>${initialPassword}${signIn}`,
  ),
  "Subscription/Create": template(
    "New subscription: {{subscription.product_name}}",
    "Your {{subscription.product_name}} subscription has started",
    "Subscription {{subscription.subscription_id}} to {{subscription.product_name}} was started.",
    "<p>Your subscription to {{subscription.product_name}} has started.{{#subscription.renewal_date}} It renews on {{subscription.renewal_date}}{{#subscription.recurring_price}} for {{subscription.recurring_price}} ({{subscription.billing_period}}){{/subscription.recurring_price}}.{{/subscription.renewal_date}}</p>",
  ),
  "Subscription/Suspend": template(
    "Subscription suspended: {{subscription.product_name}}",
    "Your {{subscription.product_name}} subscription is suspended",
    "Subscription {{subscription.subscription_id}} to {{subscription.product_name}} was suspended.",
    "<p>Your subscription to {{subscription.product_name}} has been suspended. Please contact us or settle any unpaid invoices to restore it.</p>",
  ),
  "Subscription/Delete": template(
    "Subscription cancelled: {{subscription.product_name}}",
    "Your {{subscription.product_name}} subscription has ended",
    "Subscription {{subscription.subscription_id}} to {{subscription.product_name}} was cancelled.",
    "<p>Your subscription to {{subscription.product_name}} has been cancelled. We are sorry to see you go.</p>",
  ),
  "Invoice/Create": template(
    "New invoice {{invoice.number}}",
    "Your {{brand.name}} invoice {{invoice.number}}",
    "Invoice {{invoice.number}} for {{invoice.total}} {{invoice.currency}} was created, due {{invoice.due_date}}.",
    "<p>Invoice {{invoice.number}} for {{invoice.total}} {{invoice.currency}} is available, due on {{invoice.due_date}}.</p>" +
      "{{#invoice.tax_lines}}<p>Subtotal {{invoice.subtotal}}; {{invoice.tax_lines}}; total {{invoice.total}} {{invoice.currency}}.</p>{{/invoice.tax_lines}}" +
      "{{#invoice.tax_note}}<p>{{invoice.tax_note}}</p>{{/invoice.tax_note}}",
  ),
  "Payment/Create": template(
    "Payment received: {{payment.amount}} {{payment.currency}}",
    "Thank you for your payment",
    "A payment of {{payment.amount}} {{payment.currency}} was posted {{#payment.invoice_id}}to invoice {{invoice.number}}{{/payment.invoice_id}}{{^payment.invoice_id}}to the prepaid balance{{/payment.invoice_id}}.",
    "<p>We received your payment of {{payment.amount}} {{payment.currency}}{{#payment.payment_date}} on {{payment.payment_date}}{{/payment.payment_date}}.{{#invoice.amount_due}} Still owed on invoice {{invoice.number}}: {{invoice.amount_due}} {{invoice.currency}}.{{/invoice.amount_due}}</p>",
  ),
  "Invoice/Reminder": template(
    "Reminder sent for invoice {{invoice.number}}",
    "Reminder: your {{brand.name}} invoice {{invoice.number}} is due",
    "A reminder was sent for invoice {{invoice.number}} ({{invoice.amount_due}} {{invoice.currency}} due since {{invoice.due_date}}).",
    "<p>This is a reminder that {{invoice.amount_due}} {{invoice.currency}} on invoice {{invoice.number}} was due on {{invoice.due_date}}. Please pay it at your earliest convenience.</p>",
  ),
};
