import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { config } from "../config";
import { notFound } from "../errors";
import { assertStatus, STATUS } from "../lifecycle";
import { answersSecret } from "../run-verb";
import { findUser } from "./queries";
import type { CreateTokenInput } from "./schemas";
import { mintTemporaryToken } from "./tokens";

export const DEFAULT_TOKEN_MINUTES = 1;

/** User/CreateToken: a single-use temporary_token and a Customer Facing Portal sign-in link carrying it. */
export async function createUserToken({ ctx, input }: { ctx: Context; input: CreateTokenInput }) {
  const account = await findAccount(ctx, input.customer_account_id);
  const user = await findUser(ctx, input.user_id);
  if (user.customerAccountId !== account.id) throw notFound("User", "user_id");
  assertStatus(account.status, [STATUS.ACTIVE], "This customer account is not active, so its users cannot sign in");
  assertStatus(user.status, [STATUS.ACTIVE], "This user is not active, so it cannot sign in");
  const { token, expiresAt } = await mintTemporaryToken(ctx, user.id, input.expiration ?? DEFAULT_TOKEN_MINUTES, "create_token");
  // The token signs in: never kept for an Idempotency-Key replay (which would hand it out again).
  answersSecret(ctx);
  const link = new URL(`${config.publicUrl.replace(/\/+$/, "")}/portal/sign-in`);
  link.searchParams.set("token", token);
  if (input.cfp_redirect) link.searchParams.set("redirect", input.cfp_redirect);
  return {
    temporary_token: token,
    user_id: user.id,
    customer_account_id: account.id,
    expires: expiresAt,
    sign_in_url: link.toString(),
  };
}
