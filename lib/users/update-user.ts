import { eq } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import { refusingDuplicates } from "../accounts/queries";
import { columnsFrom } from "../accounts/columns";
import { requireAdmin, type Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { hashPassword } from "./passwords";
import { assertUserEmailFree, findUser, userEmailTaken } from "./queries";
import type { UpdateUserInput } from "./schemas";
import { userView } from "./view";
import { USER_COLUMNS } from "./columns";

/** User/Update: sets each supplied field, clears optional ones sent empty. A new password ends any lockout and temporary password. */
export async function updateUser({ ctx, input }: { ctx: Context; input: UpdateUserInput }) {
  const user = await findUser(ctx, input.user_id, "user_id", { forUpdate: true });
  if (user.status === STATUS.DELETED) throw invalidState("A deleted user cannot be changed; restore it first");
  if (input.access_level === "ADMIN" && user.accessLevel !== "ADMIN") requireAdmin(ctx, "make a user ADMIN");
  if (input.email_address) await assertUserEmailFree(ctx, user.customerAccountId, input.email_address, user.id);
  const changes = columnsFrom(input, USER_COLUMNS);
  if (input.password) {
    Object.assign(changes, {
      passwordHash: await hashPassword(input.password),
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      failedSignIns: 0,
      lockedUntil: null,
    });
  }
  const [row] = await refusingDuplicates(
    () =>
      ctx.db
        .update(customerUsers)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(customerUsers.id, user.id))
        .returning(),
    "customer_users_account_email",
    userEmailTaken,
  );
  return userView(row);
}
