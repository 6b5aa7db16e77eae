import { ne } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { assertStatus, STATUS } from "../lifecycle";
import { findAccount } from "./queries";
import type { AccountIdInput } from "./schemas";
import { setAccountStatus } from "./status";

/** Account/Delete: active or suspended -> deleted, with all its users; restorable for 90 days. */
export async function deleteAccount({ ctx, input }: { ctx: Context; input: AccountIdInput }) {
  const account = await findAccount(ctx, input.customer_account_id, "customer_account_id", { forUpdate: true });
  // Deleting again would restart the restore window, so it is refused.
  assertStatus(account.status, [STATUS.ACTIVE, STATUS.SUSPENDED], "This customer account is already deleted");
  return setAccountStatus(ctx, account, STATUS.DELETED, ne(customerUsers.status, STATUS.DELETED));
}
