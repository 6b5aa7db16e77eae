import { and, asc, count, eq, sql } from "drizzle-orm";
import { staffUsers } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, serviceAccountOf, type Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { hashSecret, isUuid, newId, newSecret } from "../ids";
import { emit } from "../outbox/emit";
import { setStaffUserDisabled } from "./disable-staff-user";
import type { InviteStaffInput } from "./schemas";

/**
 * Staff users of the acting service account, managed from the dashboard by ADMINs only: a USER is
 * refused (FORBIDDEN) by every verb here, whatever the page shows.
 */

export type StaffStatus = "active" | "invited" | "disabled";

export interface StaffUserView {
  staff_user_id: string;
  name: string;
  email: string;
  access_level: "ADMIN" | "USER";
  status: StaffStatus;
  two_factor: boolean;
  created: string;
}

type Row = typeof staffUsers.$inferSelect;

const view = (r: Row): StaffUserView => ({
  staff_user_id: r.id,
  name: r.name,
  email: r.email,
  access_level: r.accessLevel,
  // Invited: no password yet, so they cannot sign in until they use the emailed link.
  status: r.disabledAt ? "disabled" : r.passwordHash ? "active" : "invited",
  two_factor: Boolean(r.totpEnabledAt),
  created: r.createdAt.toISOString(),
});

const ofAccount = (ctx: Context, ...more: ReturnType<typeof eq>[]) => and(eq(staffUsers.serviceAccountId, serviceAccountOf(ctx)), ...more);

/** One page of the service account's staff, by name. */
export async function listStaffUsersPage(ctx: Context, { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
  requireAdmin(ctx, "manage staff users");
  const size = Math.min(100, Math.max(1, pageSize));
  const rows = await ctx.db
    .select()
    .from(staffUsers)
    .where(ofAccount(ctx))
    .orderBy(asc(sql`lower(${staffUsers.name})`), asc(staffUsers.id))
    .limit(size)
    .offset((Math.max(1, page) - 1) * size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(staffUsers).where(ofAccount(ctx));
  return { rows: rows.map(view), total: n };
}

async function staffOfAccount(ctx: Context, id: string, lock = false) {
  if (!isUuid(id)) throw notFound("Staff user", "staff_user_id");
  const q = ctx.db
    .select()
    .from(staffUsers)
    .where(ofAccount(ctx, eq(staffUsers.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Staff user", "staff_user_id");
  return row;
}

const notOneself = (ctx: Context, id: string, what: string) => {
  if (ctx.actor.kind === "staff" && ctx.actor.staffUserId === id) throw new DomainError("INVALID_STATE", `You cannot ${what} yourself`);
};

/**
 * Adds a staff user without a password and emails them a link to set one (the outbox's
 * staff/invite event; the link is made when the email is sent and works once, for a week).
 */
export async function inviteStaffUser({ ctx, input }: { ctx: Context; input: InviteStaffInput }) {
  requireAdmin(ctx, "invite staff users");
  const [taken] = await ctx.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.serviceAccountId, serviceAccountOf(ctx)), sql`lower(${staffUsers.email}) = lower(${input.email})`));
  if (taken) throw new DomainError("DUPLICATE", "A staff user with this email already exists", { parameter: "email" });
  // API calls need a user_key; an invited user gets one nobody knows until an ADMIN issues a new one.
  const userKey = newSecret("rbu");
  const [row] = await ctx.db
    .insert(staffUsers)
    .values({
      id: newId(),
      serviceAccountId: serviceAccountOf(ctx),
      email: input.email,
      name: input.name,
      accessLevel: input.access_level,
      userKeyHash: hashSecret(userKey),
      userKeyPrefix: userKey.slice(0, 8),
      createdAt: ctx.now(),
    })
    .returning();
  await emit(ctx, { type: "staff/invite", payload: { staff_user_id: row.id } });
  return view(row);
}

/** Sends the invitation again (a new link; earlier ones keep working until one is used or expires). */
export async function resendStaffInvite({ ctx, input }: { ctx: Context; input: { staff_user_id: string } }) {
  requireAdmin(ctx, "invite staff users");
  const row = await staffOfAccount(ctx, input.staff_user_id);
  if (row.passwordHash) throw new DomainError("INVALID_STATE", "This staff user has already set a password");
  if (row.disabledAt) throw new DomainError("INVALID_STATE", "This staff user is disabled; enable them first");
  await emit(ctx, { type: "staff/invite", payload: { staff_user_id: row.id } });
  return view(row);
}

/** ADMIN or USER; never one's own (an ADMIN demoting themselves could leave the account without one). */
export async function setStaffRole({ ctx, input }: { ctx: Context; input: { staff_user_id: string; access_level: "ADMIN" | "USER" } }) {
  requireAdmin(ctx, "change staff roles");
  const row = await staffOfAccount(ctx, input.staff_user_id, true);
  notOneself(ctx, row.id, "change the role of");
  const [updated] = await ctx.db.update(staffUsers).set({ accessLevel: input.access_level }).where(eq(staffUsers.id, row.id)).returning();
  forgetResolvedCredentials();
  return view(updated);
}

const setDisabled = (disabled: boolean) =>
  async function ({ ctx, input }: { ctx: Context; input: { staff_user_id: string } }) {
    requireAdmin(ctx, "disable or enable staff users");
    await staffOfAccount(ctx, input.staff_user_id);
    await setStaffUserDisabled(ctx, input.staff_user_id, disabled);
    return view(await staffOfAccount(ctx, input.staff_user_id));
  };

export const disableStaffUser = setDisabled(true);
export const enableStaffUser = setDisabled(false);

/** One staff user of the service account (for their page), or NOT_FOUND. */
export async function staffUserById(ctx: Context, id: string) {
  requireAdmin(ctx, "manage staff users");
  return view(await staffOfAccount(ctx, id));
}
