import { eq } from "drizzle-orm";
import { staffUsers } from "../../db/schema";
import { forgetResolvedCredentials, type Context } from "../auth/context";
import { DomainError } from "../errors";
import { hashSecret, newSecret } from "../ids";
import { answersSecret } from "../run-verb";

/** A signed-in staff user's own user_key (ADMIN or USER): what the API calls made on their behalf carry. */
export interface UserKeyView {
  prefix: string;
  /** Null: issued before key dates were kept (or with the user). */
  created: string | null;
  last_used: string | null;
}

function signedInStaffId(ctx: Context) {
  if (ctx.actor.kind !== "staff") throw new DomainError("FORBIDDEN", "Only a staff user has a user key");
  return ctx.actor.staffUserId;
}

const view = (r: typeof staffUsers.$inferSelect): UserKeyView => ({
  prefix: r.userKeyPrefix,
  created: r.userKeyCreatedAt?.toISOString() ?? null,
  last_used: r.userKeyLastUsedAt?.toISOString() ?? null,
});

export async function ownUserKey(ctx: Context): Promise<UserKeyView> {
  const [row] = await ctx.db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.id, signedInStaffId(ctx)));
  return view(row);
}

/**
 * Replaces the signed-in staff user's user_key: the old one is refused at once (everywhere, like a
 * revoked API key); the new one is answered this once (`user_key`).
 */
export async function rotateOwnUserKey({ ctx }: { ctx: Context; input: object }): Promise<UserKeyView & { user_key: string }> {
  const staffUserId = signedInStaffId(ctx);
  answersSecret(ctx);
  const userKey = newSecret("rbu");
  const [row] = await ctx.db
    .update(staffUsers)
    .set({ userKeyHash: hashSecret(userKey), userKeyPrefix: userKey.slice(0, 12), userKeyCreatedAt: ctx.now(), userKeyLastUsedAt: null })
    .where(eq(staffUsers.id, staffUserId))
    .returning();
  forgetResolvedCredentials();
  return { ...view(row), user_key: userKey };
}
