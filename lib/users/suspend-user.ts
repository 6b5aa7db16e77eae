import type { Context } from "../auth/context";
import { assertStatus, STATUS } from "../lifecycle";
import { findUser } from "./queries";
import type { UserIdInput } from "./schemas";
import { setUserStatus } from "./status";

/** User/Suspend: active -> suspended. */
export async function suspendUser({ ctx, input }: { ctx: Context; input: UserIdInput }) {
  const user = await findUser(ctx, input.user_id, "user_id", { forUpdate: true });
  assertStatus(user.status, [STATUS.ACTIVE], "Only an active user can be suspended");
  return setUserStatus(ctx, user, STATUS.SUSPENDED);
}
