import type { Context } from "../auth/context";
import { endAllStaffSessions } from "../auth/sessions";
import { DomainError } from "../errors";

/**
 * "Sign out everywhere" on the dashboard's Security page: every dashboard session of the signed-in
 * staff user ends, this one included (lib/auth/sessions.ts); the page then signs out of this browser.
 */
export async function signOutEverywhere({ ctx }: { ctx: Context; input: object }) {
  if (ctx.actor.kind !== "staff" || ctx.actor.apiKeyId !== null) {
    throw new DomainError("FORBIDDEN", "Signing out everywhere is for a staff user signed in to the dashboard");
  }
  return { sessions_ended: await endAllStaffSessions(ctx.db, ctx.actor.staffUserId) };
}
