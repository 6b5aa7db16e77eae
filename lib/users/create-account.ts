import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { withheldFromReplay } from "../run-verb";
import { openAccount, type NewAccount } from "./open-account";
import type { CreateAccountInput } from "../accounts/schemas";
import { ACCOUNT_COLUMNS, columnsFrom } from "../accounts/columns";
import { accountView } from "../accounts/view";

/** Account/Create: the account (with its email_verification_code, shown once), its initial user (returned in the user namespace) and the Account/Create event. */
export async function createAccount({ ctx, input }: { ctx: Context; input: CreateAccountInput }) {
  const fields = columnsFrom(input, ACCOUNT_COLUMNS) as NewAccount;
  fields.taxExempt = input.tax_exempt ?? "N";
  const { account, user, emailVerificationCode } = await openAccount(ctx, fields, {
    password: input.password,
    skipNotification: input.skip_notification,
    sendGeneratedPassword: true,
  });
  // The generated email_verification_code is shown here only (the spec: generated on create); a
  // replay of this request answers it empty, and the account keeps only its hash.
  withheldFromReplay(ctx, emailVerificationCode);
  return new WithExtras(
    { ...accountView(account, ctx.brand.currency), email_verification_code: emailVerificationCode },
    { user: { user_id: user.id, username: user.username } },
  );
}
