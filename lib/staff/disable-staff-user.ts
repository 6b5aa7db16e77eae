import { and, eq } from "drizzle-orm";
import { staffUsers } from "../../db/schema";
import { forgetResolvedCredentials, requireAdmin, serviceAccountOf, type Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { isUuid } from "../ids";

/**
 * Disables (or enables again) a staff user of the acting service account: a disabled user's API
 * credentials answer 401 and their dashboard sessions stop working. Admins only, never oneself
 * (the last admin could lock the account out).
 */
export async function setStaffUserDisabled(ctx: Context, staffUserId: string, disabled: boolean) {
  requireAdmin(ctx, "disable or enable staff users");
  if (ctx.actor.kind === "staff" && ctx.actor.staffUserId === staffUserId) {
    throw new DomainError("INVALID_STATE", "A staff user cannot disable or enable themselves");
  }
  if (!isUuid(staffUserId)) throw notFound("Staff user", "staff_user_id");
  const [row] = await ctx.db
    .update(staffUsers)
    .set({ disabledAt: disabled ? ctx.now() : null })
    .where(and(eq(staffUsers.id, staffUserId), eq(staffUsers.serviceAccountId, serviceAccountOf(ctx))))
    .returning({ id: staffUsers.id, disabledAt: staffUsers.disabledAt });
  if (!row) throw notFound("Staff user", "staff_user_id");
  // Cached credentials would keep a disabled user working for AUTH_CACHE_MS in this process.
  forgetResolvedCredentials();
  return row;
}
