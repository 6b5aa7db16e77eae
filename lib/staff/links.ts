import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { brands, emailDeliveries, staffTokens, staffUsers } from "../../db/schema";
import { defaultSender, sendEmail } from "../adapters/email";
import { forgetResolvedCredentials, systemContext } from "../auth/context";
import { config } from "../config";
import { DomainError } from "../errors";
import { hashSecret, newId, newSecret } from "../ids";
import { emit } from "../outbox/emit";
import { MASKED_SECRET } from "../notifications/placeholders";
import type { Sink } from "../outbox/deliver";
import type { StaffEmailPayload } from "../outbox/events";
import { runVerb } from "../run-verb";
import { spendVerifyTime, hashPassword } from "../users/passwords";
import { newPassword } from "./schemas";

/**
 * The single-use links emailed to staff: an invitation (set a first password, valid 7 days) and a
 * password reset (valid 1 hour). The token is made when the email is sent (the outbox never holds
 * it) and only its hash is stored; setting a password spends every link of that user.
 */
export type StaffLinkPurpose = "invite" | "reset";

export const LINK_VALIDITY_MS: Record<StaffLinkPurpose, number> = { invite: 7 * 24 * 60 * 60_000, reset: 60 * 60_000 };

const COPY: Record<StaffLinkPurpose, { subject: string; intro: string; action: string; validity: string }> = {
  invite: {
    subject: "You are invited to the Recurring Billing dashboard",
    intro: "You have been invited to the Recurring Billing dashboard. Choose your password to finish setting up your account.",
    action: "Set your password",
    validity: "This link works once, for 7 days.",
  },
  reset: {
    subject: "Reset your Recurring Billing dashboard password",
    intro: "Someone (we hope you) asked to reset the password of your Recurring Billing dashboard account.",
    action: "Choose a new password",
    validity: "This link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The outbox sink of both staff emails: a new link, emailed (or kept in the local mailbox). */
export function staffEmailSink(purpose: StaffLinkPurpose): Sink {
  return async (event, { db, now }) => {
    const { staff_user_id } = event.payload as StaffEmailPayload;
    const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, staff_user_id));
    if (!staff || staff.disabledAt) return "the staff user is gone or disabled; nothing sent";
    if (purpose === "invite" && staff.passwordHash) return "the staff user has already set a password; nothing sent";
    const [sent] = await db
      .select({ id: emailDeliveries.id })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.eventId, event.id), ne(emailDeliveries.status, "failed")));
    if (sent) return "already sent";
    const at = now();
    const token = newSecret("rbs");
    await db.insert(staffTokens).values({
      id: newId(),
      staffUserId: staff.id,
      purpose,
      tokenHash: hashSecret(token),
      expiresAt: new Date(at.getTime() + LINK_VALIDITY_MS[purpose]),
      createdAt: at,
    });
    const copy = COPY[purpose];
    const email = (t: string) => {
      const link = `${config.publicUrl.replace(/\/+$/, "")}/set-password?token=${encodeURIComponent(t)}`;
      return `<p>Hello ${escape(staff.name)},</p><p>${copy.intro}</p><p><a href="${escape(link)}">${copy.action}</a></p><p>${copy.validity}</p>`;
    };
    const html = email(token);
    const from = defaultSender();
    let outcome: Awaited<ReturnType<typeof sendEmail>> | undefined;
    let error: string | null = null;
    try {
      outcome = await sendEmail({ from, to: staff.email, subject: copy.subject, html, idempotencyKey: event.id });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const status = outcome ? (outcome.via === "mailbox" ? "mailbox" : "sent") : "failed";
    const values = {
      fromEmail: from,
      subject: copy.subject,
      // The local mailbox stands in for the inbox, so it keeps the email (and its link) to read.
      html: status === "mailbox" ? html : null,
      // A day later the kept copy loses the link's token (lib/outbox/deliver.ts maskMailboxSecrets).
      maskedHtml: status === "mailbox" ? email(MASKED_SECRET) : null,
      status,
      providerMessageId: outcome?.via === "resend" ? outcome.providerMessageId : null,
      error,
      updatedAt: at,
      deliveredAt: outcome ? at : null,
    } as const;
    await db
      .insert(emailDeliveries)
      .values({
        id: newId(),
        brandId: event.brandId,
        eventId: event.id,
        eventType: event.type,
        audience: "staff",
        recipient: staff.email,
        attempts: 1,
        createdAt: at,
        ...values,
      })
      .onConflictDoUpdate({
        target: [emailDeliveries.eventId, emailDeliveries.audience, emailDeliveries.recipient],
        set: { ...values, attempts: sql`${emailDeliveries.attempts} + 1` },
      });
    if (error) throw new Error(`staff email failed: ${error}`.slice(0, 1000));
    return `${purpose} email sent`;
  };
}

/**
 * Forgot password: emails a reset link to each active staff user with this email (any case) whose
 * service account has a brand to send from. The caller answers the same whatever happened, so the
 * page never tells whether an email is known.
 */
export async function requestStaffPasswordReset(db: Db, email: string, now = new Date()) {
  const address = email.trim();
  if (!address || address.length > 254) return;
  const users = await db
    .select({ id: staffUsers.id, serviceAccountId: staffUsers.serviceAccountId })
    .from(staffUsers)
    .where(and(sql`lower(${staffUsers.email}) = lower(${address})`, isNull(staffUsers.disabledAt)))
    .limit(10);
  for (const u of users) {
    // Events belong to a brand: the account's oldest live one.
    const [brand] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.serviceAccountId, u.serviceAccountId), isNull(brands.deletedAt)))
      .orderBy(brands.createdAt)
      .limit(1);
    if (!brand) continue;
    // At most one reset email per user every 2 minutes: the form cannot be used to flood an inbox.
    const [recent] = await db
      .select({ id: staffTokens.id })
      .from(staffTokens)
      .where(and(eq(staffTokens.staffUserId, u.id), eq(staffTokens.purpose, "reset"), gt(staffTokens.createdAt, new Date(now.getTime() - 2 * 60_000))))
      .limit(1);
    if (recent) continue;
    const ctx = systemContext(db, brand);
    await runVerb(ctx, ({ ctx: c }) => emit(c, { type: "staff/password-reset", payload: { staff_user_id: u.id } }), undefined);
  }
}

async function liveToken(db: Db, token: string, now: Date) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ token: staffTokens, staff: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffUserId))
    .where(and(eq(staffTokens.tokenHash, hashSecret(token)), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now), isNull(staffUsers.disabledAt)));
  return row;
}

/** Whom a link is for (to greet them on the page), or null when it is unknown, used, expired or its user disabled. */
export async function staffLinkInfo(db: Db, token: string, now = new Date()) {
  const row = await liveToken(db, token, now);
  return row ? { purpose: row.token.purpose, email: row.staff.email, name: row.staff.name } : null;
}

export type SetPasswordResult = { ok: true; email: string } | { ok: false; parameter: "password" | "token"; message: string };

/**
 * Sets the password of the link's staff user and spends all their links; clears a sign-in
 * lockout. The link is claimed in the same UPDATE that checks it, so it works exactly once.
 */
export async function setStaffPasswordWithLink(db: Db, token: string, password: string, now = new Date()): Promise<SetPasswordResult> {
  const parsed = newPassword().safeParse(password);
  if (!parsed.success) return { ok: false, parameter: "password", message: `Password ${parsed.error.issues[0].message}` };
  const hash = await hashPassword(password);
  const expired = { ok: false, parameter: "token", message: "This link has expired or was already used. Ask for a new one." } as const;
  if (!token || token.length > 200) {
    await spendVerifyTime(password);
    return expired;
  }
  return db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(staffTokens)
        .set({ usedAt: now })
        .where(and(eq(staffTokens.tokenHash, hashSecret(token)), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)))
        .returning({ staffUserId: staffTokens.staffUserId });
      if (!claimed) return expired;
      const [staff] = await tx
        .update(staffUsers)
        .set({ passwordHash: hash, failedSignIns: 0, lockedUntil: null })
        .where(and(eq(staffUsers.id, claimed.staffUserId), isNull(staffUsers.disabledAt)))
        .returning({ email: staffUsers.email });
      if (!staff) throw new DomainError("NOT_FOUND", "rolled back");
      await tx
        .update(staffTokens)
        .set({ usedAt: now })
        .where(and(eq(staffTokens.staffUserId, claimed.staffUserId), isNull(staffTokens.usedAt)));
      forgetResolvedCredentials();
      return { ok: true, email: staff.email } as const;
    })
    .catch((err) => {
      if (err instanceof DomainError) return expired;
      throw err;
    });
}

/** The same three on the app's database, for the sign-in pages (which never see db/). */
export const requestPasswordReset = async (email: string) => requestStaffPasswordReset(await getDb(), email);
export const linkInfo = async (token: string) => staffLinkInfo(await getDb(), token);
export const setPasswordWithLink = async (token: string, password: string) => setStaffPasswordWithLink(await getDb(), token, password);
