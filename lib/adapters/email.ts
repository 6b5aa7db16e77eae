import { Resend } from "resend";
import { logger } from "../log";

/**
 * Email through Resend. RESEND_API_KEY switches it on; RESEND_BASE_URL points the client at
 * another host speaking Resend's API (tests use a local fake). Without a key nothing leaves the
 * machine: the caller keeps the email in its local mailbox (email_deliveries, status 'mailbox').
 */
export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  /** Resend drops a repeat with the same key (24 h), so a retry after a lost answer sends nothing twice. */
  idempotencyKey?: string;
}

export type SendOutcome = { via: "resend"; providerMessageId: string } | { via: "mailbox" };

/** The provider refused or could not be reached; the caller retries later. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = "EmailSendError";
  }
}

/** Read on every send, so configuration (and tests) can change without a restart. */
export const emailSettings = () => ({
  apiKey: process.env.RESEND_API_KEY || undefined,
  baseUrl: process.env.RESEND_BASE_URL || undefined,
});

/** Sender shown for the default templates (EMAIL_FROM; a notification always names its own from_email). */
export const defaultSender = () => process.env.EMAIL_FROM || "notifications@localhost";

/** `"Name" <address>`, with the characters that would break the header taken out of the name. */
export const formatSender = (name: string, address: string) => {
  const clean = name.replace(/["<>\\\r\n]/g, "").trim();
  return clean ? `"${clean}" <${address}>` : address;
};

let cached: { key: string; baseUrl?: string; client: Resend } | undefined;
function resendClient(key: string, baseUrl?: string) {
  if (!cached || cached.key !== key || cached.baseUrl !== baseUrl) cached = { key, baseUrl, client: new Resend(key, { baseUrl }) };
  return cached.client;
}

/** Sends one email, or answers "mailbox" when no provider is configured. Throws EmailSendError on failure. */
export async function sendEmail(email: OutgoingEmail): Promise<SendOutcome> {
  const { apiKey, baseUrl } = emailSettings();
  if (!apiKey) {
    logger.info("email kept in the local mailbox (RESEND_API_KEY is not set)", { to: email.to, subject: email.subject });
    return { via: "mailbox" };
  }
  const { data, error } = await resendClient(apiKey, baseUrl).emails.send(
    { from: email.from, to: [email.to], subject: email.subject, html: email.html },
    email.idempotencyKey ? { idempotencyKey: email.idempotencyKey } : {},
  );
  if (error || !data) {
    throw new EmailSendError(`email provider: ${error?.message ?? "no answer"}`, error?.statusCode ?? null);
  }
  return { via: "resend", providerMessageId: data.id };
}
