import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import { findUser } from "./queries";
import type { UserIdInput } from "./schemas";
import { setUserStatus } from "./status";
import { userView } from "./view";

/**
 * User/Delete: any -> deleted (spec), restorable for 90 days. Deleting again changes nothing, so
 * the restore window keeps counting from the first deletion.
 */
export async function deleteUser({ ctx, input }: { ctx: Context; input: UserIdInput }) {
  const user = await findUser(ctx, input.user_id, "user_id", { forUpdate: true });
  if (user.status === STATUS.DELETED) return userView(user);
  return setUserStatus(ctx, user, STATUS.DELETED);
}
