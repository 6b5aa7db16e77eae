import { eq } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { STATUS, type Status } from "../lifecycle";
import { userView } from "./view";
import type { UserRow } from "./read";

/** Moves a user to `status` (deleted_at set on delete, cleared otherwise). */
export async function setUserStatus(ctx: Context, user: UserRow, status: Status) {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(customerUsers)
    .set({ status, deletedAt: status === STATUS.DELETED ? now : null, updatedAt: now })
    .where(eq(customerUsers.id, user.id))
    .returning();
  return userView(row);
}
