import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { openAccount, type NewAccount } from "./open-account";
import type { CreateAccountInput } from "../accounts/schemas";
import { ACCOUNT_COLUMNS, accountView, columnsFrom } from "../accounts/view";

/** Account/Create: the account, its initial user (returned in the user namespace) and the Account/Create event. */
export async function createAccount({ ctx, input }: { ctx: Context; input: CreateAccountInput }) {
  const fields = columnsFrom(input, ACCOUNT_COLUMNS) as NewAccount;
  fields.taxExempt = input.tax_exempt ?? "N";
  const { account, user } = await openAccount(ctx, fields, {
    password: input.password,
    skipNotification: input.skip_notification,
    sendGeneratedPassword: true,
  });
  return new WithExtras(accountView(account), { user: { user_id: user.id, username: user.username } });
}
