import { defineEndpoint } from "../endpoint";
import { userToWire } from "../../users/view";
import {
  AuthenticateUserParams,
  CreateTokenParams,
  CreateUserParams,
  ListUsersParams,
  RequestVerificationParams,
  ResetPasswordParams,
  StartOAuthParams,
  UpdateUserParams,
  UserIdParams,
  VerifyCodeParams,
} from "../../users/schemas";
import { listUsers } from "../../users/list-users";
import { createUser } from "../../users/create-user";
import { updateUser } from "../../users/update-user";
import { suspendUser } from "../../users/suspend-user";
import { deleteUser } from "../../users/delete-user";
import { restoreUser } from "../../users/restore-user";
import { authenticateUser } from "../../users/authenticate-user";
import { requestVerification } from "../../users/request-verification";
import { CODE_MINUTES } from "../../notifications/defaults";
import { verifyCode } from "../../users/verify-code";
import { resetPassword } from "../../users/reset-password";
import { createUserToken } from "../../users/create-token";
import { startOAuthSignIn } from "../../users/start-oauth-sign-in";
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from "../../users/sign-in";

const signInRefusal =
  "403 AUTHENTICATION_FAILED, with one message for every reason (wrong password, unknown, suspended or deleted user or account, used or expired token), so it reveals no users";

export const userEndpoints = [
  defineEndpoint({
    resource: "User",
    action: "List",
    method: "GET",
    summary: "Lists users (at most 300); with user_id the user carries its login_history (newest 100 sign-ins). Passwords are never returned.",
    params: ListUsersParams,
    returns: "user",
    list: "users",
    handler: listUsers,
    wire: userToWire,
  }),
  defineEndpoint({
    resource: "User",
    action: "Create",
    method: "POST",
    summary: "Adds a user to an active customer account, with a generated username; the new-user email carries the password when it was generated.",
    params: CreateUserParams,
    returns: "user",
    refusals: [
      "409 DUPLICATE when email_address is already used on the customer account",
      "403 FORBIDDEN for access_level ADMIN unless user_key is an ADMIN",
      "409 INVALID_STATE when the customer account is not active",
    ],
    handler: createUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "Update",
    method: "PATCH",
    summary: "Changes a user: supplied fields are set, optional ones sent empty are cleared; access_level is always sent.",
    params: UpdateUserParams,
    returns: "user",
    refusals: [
      "409 DUPLICATE when email_address is already used on the customer account",
      "403 FORBIDDEN when making a user ADMIN unless user_key is an ADMIN",
      "409 INVALID_STATE for a deleted user",
    ],
    handler: updateUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active user.",
    params: UserIdParams,
    returns: "user",
    refusals: ["409 INVALID_STATE unless the user is active"],
    handler: suspendUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "Delete",
    method: "PATCH",
    summary: "Deletes a user (from any state; deleting again changes nothing); User/Restore can bring it back for 90 days from the first deletion.",
    params: UserIdParams,
    returns: "user",
    handler: deleteUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "Restore",
    method: "PATCH",
    summary: "Restores a suspended user, or a deleted one within 90 days of its deletion.",
    params: UserIdParams,
    returns: "user",
    refusals: ["409 INVALID_STATE when the user is active, or its customer account is not", "409 RESTORE_WINDOW_EXPIRED more than 90 days after deletion"],
    handler: restoreUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "Authenticate",
    method: "POST",
    summary:
      "Signs an end user in by email_address or username with password, by temporary_token alone, or by email_address alone " +
      "with override_password_requirement Y. Answers the user and authenticated = Y, and records the sign-in (ip_address, url) in its login history.",
    params: AuthenticateUserParams,
    returns: "user",
    refusals: [
      signInRefusal,
      `After ${MAX_FAILED_SIGN_INS} wrong passwords in a row the user is refused for ${LOCKOUT_MINUTES} minutes, even with the right one`,
    ],
    handler: authenticateUser,
  }),
  defineEndpoint({
    resource: "User",
    action: "2FARequest",
    method: "POST",
    summary:
      `Sends a verification code valid for ${CODE_MINUTES} minutes: 35 characters by email (the User/2FARequest notification), ` +
      "or 6 digits by SMS or phone call (may cost extra). A new code replaces earlier unused ones.",
    params: RequestVerificationParams,
    returns: "verification",
    refusals: [
      "409 INVALID_STATE when the user or its account is not active, or sms/call for a user without a phone number",
      "400 INVALID_PARAMETER for sms or call when no SMS provider is configured",
      "502 DELIVERY_FAILED when the SMS provider refuses",
    ],
    handler: requestVerification,
  }),
  defineEndpoint({
    resource: "User",
    action: "2FAVerify",
    method: "POST",
    summary:
      "Checks a verification code (once; it expires after 10 minutes). On success answers the user with authenticated = Y and " +
      "stamps last_email_verification_date or last_phone_verification_date. force_verification Y skips the check: any verification_code is accepted.",
    params: VerifyCodeParams,
    returns: "user",
    refusals: ["403 AUTHENTICATION_FAILED for a wrong, used or expired code, with a message for end users; five wrong guesses retire a code"],
    handler: verifyCode,
  }),
  defineEndpoint({
    resource: "User",
    action: "PasswdReset",
    method: "POST",
    summary:
      "Sends a temporary password valid for one hour to the user's email (the User/PasswdReset notification). " +
      "The answer is the same whether or not a user matched.",
    params: ResetPasswordParams,
    returns: "password_reset",
    handler: resetPassword,
  }),
  defineEndpoint({
    resource: "User",
    action: "CreateToken",
    method: "POST",
    summary:
      "Creates a single-use temporary_token for User/Authenticate, valid for expiration minutes (1 to 10, default 1), and a " +
      "Customer Facing Portal sign-in link: {PUBLIC_URL}/portal/sign-in?token=<token>&redirect=<cfp_redirect>.",
    params: CreateTokenParams,
    returns: "token",
    refusals: ["409 INVALID_STATE when the user or its account is not active"],
    handler: createUserToken,
  }),
  defineEndpoint({
    resource: "User",
    action: "OAuthAuthenticate",
    method: "POST",
    summary:
      "Answers a link that starts sign-in (or sign-up) with google or github. After the provider, the user lands on redirect_uri " +
      "with temporary_token appended (for User/Authenticate), or on failure_uri?error=<message>. The link is valid for 10 minutes.",
    params: StartOAuthParams,
    returns: "oauth",
    refusals: ["400 INVALID_PARAMETER when the identity_service is not configured on this service"],
    handler: startOAuthSignIn,
  }),
];
