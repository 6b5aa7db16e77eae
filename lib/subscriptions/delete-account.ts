import { ne } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import { STATUS } from "../lifecycle";
import { endSubscriptionsOfDeletedAccount } from "./catalog-effects";
import { lockAccount } from "../accounts/queries";
import type { AccountIdInput } from "../accounts/schemas";
import { setAccountStatus } from "../accounts/status";
import { accountView } from "../accounts/view";
import { type StepContext, stepped } from "../run-verb";

/**
 * Account/Delete: deleted with all its users (restorable for 90 days); its subscriptions end (a
 * deleted account is never billed again, and a restore does not bring them back), answered as
 * ended_subscription_ids. Deleting it again changes nothing (any -> deleted), so the restore window
 * keeps counting from the first deletion.
 */
export const deleteAccount = stepped(async ({ ctx, input }: { ctx: StepContext; input: AccountIdInput }) => {
  const account = await lockAccount(ctx, input.customer_account_id);
  if (account.status === STATUS.DELETED) return { ...accountView(account, ctx.brand.currency), ended_subscription_ids: [] as string[] };
  const ended = await endSubscriptionsOfDeletedAccount(ctx, account.id);
  return { ...(await setAccountStatus(ctx, account, STATUS.DELETED, ne(customerUsers.status, STATUS.DELETED))), ended_subscription_ids: ended };
});
