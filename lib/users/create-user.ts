import { findAccount } from "../accounts/queries";
import { columnsFrom } from "../accounts/columns";
import { requireAdmin, type Context } from "../auth/context";
import { assertStatus, STATUS } from "../lifecycle";
import { emit } from "../outbox/emit";
import { userEventPayload } from "./events";
import { insertUser, type NewUser } from "./insert-user";
import type { CreateUserInput } from "./schemas";
import { userView } from "./view";
import { USER_COLUMNS } from "./columns";

/** User/Create: another user on an active account; the new-user email carries a generated password. */
export async function createUser({ ctx, input }: { ctx: Context; input: CreateUserInput }) {
  if (input.access_level === "ADMIN") requireAdmin(ctx, "create an ADMIN user");
  // Locking the account serialises user creation on it, so the email check holds under races.
  const account = await findAccount(ctx, input.customer_account_id, "customer_account_id", { forUpdate: true });
  assertStatus(account.status, [STATUS.ACTIVE], "Users can be added only to an active customer account");
  const fields = { ...columnsFrom(input, USER_COLUMNS), customerAccountId: account.id } as NewUser;
  const { user, generatedPassword } = await insertUser(ctx, fields, input.password);
  if (input.send_new_user_email === "Y") {
    // Spec: the email carries the initial password when none was given.
    await emit(ctx, { type: "User/Create", payload: userEventPayload(account, user, generatedPassword ? { initial_password: generatedPassword } : {}) });
  }
  return userView(user);
}
