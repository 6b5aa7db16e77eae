import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "../../db/client";
import { brands, staffUsers } from "../../db/schema";
import type { StaffSession } from "../auth/context";
import { staffSessionOpen } from "../auth/sessions";

/**
 * The live brands a signed-in staff user may choose between (their service account's), oldest
 * first, and who they are; null when the user no longer exists or is disabled, or the session was
 * signed out (sign in again).
 */
export async function staffHome(session: StaffSession) {
  const db = await getDb();
  const [staff] = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, accessLevel: staffUsers.accessLevel, totpEnabledAt: staffUsers.totpEnabledAt })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, session.staffUserId),
        isNull(staffUsers.disabledAt),
        session.sessionId === undefined ? undefined : staffSessionOpen(session.sessionId),
      ),
    );
  if (!staff) return null;
  const list = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .innerJoin(staffUsers, eq(staffUsers.serviceAccountId, brands.serviceAccountId))
    .where(and(eq(staffUsers.id, staff.id), isNull(brands.deletedAt)))
    .orderBy(asc(brands.createdAt), asc(brands.id));
  return { staff: { ...staff, totpEnabled: Boolean(staff.totpEnabledAt) }, brands: list };
}
