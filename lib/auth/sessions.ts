import { and, eq, exists, lte, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { customerSessions, customerUsers, staffSessions, staffUsers } from "../../db/schema";
import { inScope } from "../../db/tenancy";
import { newId } from "../ids";

/**
 * Sign-in sessions kept on the server. A dashboard JWT or a portal session cookie carries the id of
 * its row (`sid`) and every request checks the row exists (contextFromStaffSession,
 * contextFromCustomerSession, staffHome read it with the user), so signing out, which deletes the
 * row, ends that session on every instance at once, whatever copies of the cookie are about.
 * "Sign out everywhere" deletes every row of the user. A user's expired rows go when they next sign in.
 * A portal session is a row of its customer's brand (customer_sessions has brand_id, under row-level
 * security): opening and ending one run under that brand (inScope). Staff sessions have no brand.
 */

/** A new dashboard session for `seconds` (the JWT's lifetime); its id goes in the JWT. */
export async function openStaffSession(staffUserId: string, seconds: number, db?: Db, now = new Date()): Promise<string> {
  db ??= await getDb();
  const id = newId();
  await db.delete(staffSessions).where(and(eq(staffSessions.staffUserId, staffUserId), lte(staffSessions.expiresAt, now)));
  await db.insert(staffSessions).values({ id, staffUserId, createdAt: now, expiresAt: new Date(now.getTime() + seconds * 1000) });
  return id;
}

/** Signing out of the dashboard: this session only (the user's others stand). */
export async function endStaffSession(sessionId: string, staffUserId: string, db?: Db) {
  db ??= await getDb();
  await db.delete(staffSessions).where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffUserId, staffUserId)));
}

/** "Sign out everywhere": every dashboard session of this staff user, the current one included. Answers how many ended. */
export async function endAllStaffSessions(db: Db, staffUserId: string): Promise<number> {
  const ended = await db.delete(staffSessions).where(eq(staffSessions.staffUserId, staffUserId)).returning({ id: staffSessions.id });
  return ended.length;
}

/** A new portal session for `seconds` (the cookie's lifetime); its id goes in the cookie. */
export async function openCustomerSession(db: Db, user: CustomerUser, seconds: number, now = new Date()): Promise<string> {
  const id = newId();
  await inScope(db, user.brandId, async (tx) => {
    await tx.delete(customerSessions).where(and(eq(customerSessions.userId, user.userId), lte(customerSessions.expiresAt, now)));
    await tx
      .insert(customerSessions)
      .values({ id, brandId: user.brandId, userId: user.userId, createdAt: now, expiresAt: new Date(now.getTime() + seconds * 1000) });
  });
  return id;
}

/** Signing out of the portal: this session only. */
export async function endCustomerSession(db: Db, sessionId: string, user: CustomerUser) {
  await inScope(db, user.brandId, (tx) => tx.delete(customerSessions).where(and(eq(customerSessions.id, sessionId), eq(customerSessions.userId, user.userId))));
}

/** "Sign out everywhere" in the portal: every session of this customer user, the current one included. */
export async function endAllCustomerSessions(db: Db, user: CustomerUser): Promise<number> {
  const ended = await inScope(db, user.brandId, (tx) =>
    tx
      .delete(customerSessions)
      .where(and(eq(customerSessions.brandId, user.brandId), eq(customerSessions.userId, user.userId)))
      .returning({ id: customerSessions.id }),
  );
  return ended.length;
}

/** A portal session's user and the brand whose scope its rows are read and written under. */
type CustomerUser = { brandId: string; userId: string };

/** The condition a request's user re-read adds: this session of this staff user is still open. */
export const staffSessionOpen = (sessionId: string, now = new Date()) =>
  exists(
    sql`(select 1 from ${staffSessions} where ${staffSessions.id} = ${sessionId} and ${staffSessions.staffUserId} = ${staffUsers.id} and ${staffSessions.expiresAt} > ${now.toISOString()}::timestamptz)`,
  );

/** The same for a portal session of the customer user being read. */
export const customerSessionOpen = (sessionId: string, now = new Date()) =>
  exists(
    sql`(select 1 from ${customerSessions} where ${customerSessions.id} = ${sessionId} and ${customerSessions.userId} = ${customerUsers.id} and ${customerSessions.expiresAt} > ${now.toISOString()}::timestamptz)`,
  );
