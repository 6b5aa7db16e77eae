import { eq } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { assertStatus, STATUS } from "../lifecycle";
import { findAccount } from "./queries";
import type { AccountIdInput } from "./schemas";
import { setAccountStatus } from "./status";

/** Account/Suspend: active -> suspended, with all its active users. */
export async function suspendAccount({ ctx, input }: { ctx: Context; input: AccountIdInput }) {
  const account = await findAccount(ctx, input.customer_account_id, "customer_account_id", { forUpdate: true });
  assertStatus(account.status, [STATUS.ACTIVE], "Only an active customer account can be suspended");
  return setAccountStatus(ctx, account, STATUS.SUSPENDED, eq(customerUsers.status, STATUS.ACTIVE));
}
