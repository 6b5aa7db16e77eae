import { and, eq, isNull, lt, or } from "drizzle-orm";
import { authenticator } from "otplib";
import QRCode from "qrcode";
import type { Db } from "../../db/client";
import { staffUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { openCredential, sealCredential } from "../gateways/credentials";

/** What the authenticator app shows as the account's issuer. */
const ISSUER = "Recurring Billing";

/** The secret is sealed like gateway credentials (GATEWAY_ENCRYPTION_KEY), bound to its staff user. */
const sealContext = (staffUserId: string) => `staff/${staffUserId}/totp`;

const STEP_MS = 30_000;

/** The 30-second step a right 6-digit code belongs to (one step either side allowed for clock drift), or null. */
function totpStep(staffUserId: string, sealedSecret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  let secret: string;
  try {
    secret = openCredential(sealedSecret, sealContext(staffUserId));
  } catch {
    return null;
  }
  const delta = authenticator.clone({ epoch: now.getTime(), window: 1 }).checkDelta(code.trim(), secret);
  return delta === null ? null : Math.floor(now.getTime() / STEP_MS) + delta;
}

/**
 * Whether `code` is right and its step later than the last one this user used (RFC 6238 5.2: a code
 * works once). The step is claimed by a compare-and-set, so two parallel uses of one code cannot both pass.
 */
export async function useTotp(db: Db, staffUserId: string, sealedSecret: string, code: string, now: Date): Promise<boolean> {
  const step = totpStep(staffUserId, sealedSecret, code, now);
  if (step === null) return false;
  const claimed = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffUserId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return claimed.length > 0;
}

/** The current code for a plain secret (tests, and nothing else). */
export const totpCodeFor = (secret: string, now = new Date()) => authenticator.clone({ epoch: now.getTime() }).generate(secret);

function signedInStaff(ctx: Context) {
  if (ctx.actor.kind !== "staff" || ctx.actor.apiKeyId !== null) {
    throw new DomainError("FORBIDDEN", "Two-factor sign-in is set up by a staff user signed in to the dashboard");
  }
  return ctx.actor.staffUserId;
}

async function staffRow(ctx: Context, id: string) {
  const [row] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.id, id)).for("update");
  return row;
}

/**
 * Starts (or restarts) enrolment: a new secret is kept, pending, until a code from it is confirmed.
 * Answers the secret, its otpauth:// URI and that URI as a QR code (PNG data URL).
 */
export async function startTotpEnrolment({ ctx }: { ctx: Context; input?: unknown }) {
  const id = signedInStaff(ctx);
  const row = await staffRow(ctx, id);
  if (row.totpEnabledAt) throw new DomainError("INVALID_STATE", "Two-factor sign-in is already on; turn it off first");
  const secret = authenticator.generateSecret(20);
  let sealed: string;
  try {
    sealed = sealCredential(secret, sealContext(id));
  } catch {
    throw new DomainError("INTERNAL", "Two-factor sign-in cannot be set up: the server has no GATEWAY_ENCRYPTION_KEY, which also seals TOTP secrets");
  }
  await ctx.db.update(staffUsers).set({ totpSecret: sealed }).where(eq(staffUsers.id, id));
  const uri = authenticator.keyuri(row.email, ISSUER, secret);
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Turns TOTP on once a code from the pending secret is right. */
export async function confirmTotpEnrolment({ ctx, input }: { ctx: Context; input: { code: string } }) {
  const id = signedInStaff(ctx);
  const row = await staffRow(ctx, id);
  if (row.totpEnabledAt) throw new DomainError("INVALID_STATE", "Two-factor sign-in is already on");
  if (!row.totpSecret) throw new DomainError("INVALID_STATE", "Start the set-up first");
  if (!(await useTotp(ctx.db, id, row.totpSecret, input.code, ctx.now()))) {
    throw new DomainError("INVALID_PARAMETER", "code is not the current code of your authenticator app, or was used already", { parameter: "code" });
  }
  await ctx.db.update(staffUsers).set({ totpEnabledAt: ctx.now() }).where(eq(staffUsers.id, id));
  return { totp_enabled: "Y" };
}

/** Turns TOTP off; the current code is required, so a session left open cannot do it alone. */
export async function disableTotp({ ctx, input }: { ctx: Context; input: { code: string } }) {
  const id = signedInStaff(ctx);
  const row = await staffRow(ctx, id);
  if (!row.totpEnabledAt || !row.totpSecret) throw new DomainError("INVALID_STATE", "Two-factor sign-in is not on");
  if (!(await useTotp(ctx.db, id, row.totpSecret, input.code, ctx.now()))) {
    throw new DomainError("INVALID_PARAMETER", "code is not the current code of your authenticator app, or was used already", { parameter: "code" });
  }
  await ctx.db.update(staffUsers).set({ totpEnabledAt: null, totpSecret: null }).where(eq(staffUsers.id, id));
  return { totp_enabled: "N" };
}

/** Whether the signed-in staff user has TOTP on. */
export async function totpStatus(ctx: Context) {
  const id = signedInStaff(ctx);
  const [row] = await ctx.db.select({ on: staffUsers.totpEnabledAt }).from(staffUsers).where(eq(staffUsers.id, id));
  return { enabled: Boolean(row?.on) };
}
