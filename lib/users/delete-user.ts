import type { Context } from "../auth/context";
import { assertStatus, STATUS } from "../lifecycle";
import { findUser } from "./queries";
import type { UserIdInput } from "./schemas";
import { setUserStatus } from "./status";

/** User/Delete: active or suspended -> deleted; restorable for 90 days. */
export async function deleteUser({ ctx, input }: { ctx: Context; input: UserIdInput }) {
  const user = await findUser(ctx, input.user_id, "user_id", { forUpdate: true });
  // Deleting again would restart the restore window, so it is refused.
  assertStatus(user.status, [STATUS.ACTIVE, STATUS.SUSPENDED], "This user is already deleted");
  return setUserStatus(ctx, user, STATUS.DELETED);
}
