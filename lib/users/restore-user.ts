import type { Context } from "../auth/context";
import { assertRestoreWindow, assertStatus, STATUS } from "../lifecycle";
import { accountStatusOf, findUser } from "./queries";
import type { UserIdInput } from "./schemas";
import { setUserStatus } from "./status";

/** User/Restore: suspended, or deleted within 90 days -> active; its account must be active. */
export async function restoreUser({ ctx, input }: { ctx: Context; input: UserIdInput }) {
  const user = await findUser(ctx, input.user_id, "user_id", { forUpdate: true });
  assertStatus(user.status, [STATUS.SUSPENDED, STATUS.DELETED], "Only a suspended or deleted user can be restored");
  assertRestoreWindow(user.deletedAt, ctx.now(), "user");
  assertStatus(await accountStatusOf(ctx, user), [STATUS.ACTIVE], "Restore the customer account first: its users can be restored only while it is active");
  return setUserStatus(ctx, user, STATUS.ACTIVE);
}
