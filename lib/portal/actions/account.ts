import { password } from "../../accounts/schemas";
import { defineAction, type CustomerAction } from "../../actions/define-action";
import type { Context } from "../../auth/context";
import { DomainError, invalidState } from "../../errors";
import { createUser } from "../../users/create-user";
import { deleteUser } from "../../users/delete-user";
import { verifyPassword } from "../../users/passwords";
import { findUser } from "../../users/queries";
import { CreateUserParams, UpdateUserParams, UserIdParams } from "../../users/schemas";
import { updateUser } from "../../users/update-user";
import { req, text } from "../../wire/params";

/**
 * Account: the signed-in user's own profile, password and two-step verification (User/Update on
 * themselves), and for an ADMIN user of the account its users (User/Create, User/Update,
 * User/Delete). The portal never changes an access level: new users are USERs and an edit keeps
 * the user's level (the verbs let only ADMIN staff make an ADMIN).
 */

/**
 * An action on the signed-in user themselves: user_id and access_level come from the session (the
 * level as it is, so nobody raises their own), never from the browser.
 */
const self = (ctx: Context): Record<string, string> =>
  ctx.actor.kind === "customer" ? { user_id: ctx.actor.userId, access_level: ctx.actor.accessLevel } : {};

function requireAccountAdmin(ctx: Context) {
  if (ctx.actor.kind !== "customer" || ctx.actor.accessLevel !== "ADMIN") {
    throw new DomainError("FORBIDDEN", "Only an ADMIN user of the account can manage its users");
  }
}

/** Only the current password (or an unexpired temporary one from "forgot password") lets a new one be set. */
async function checkCurrentPassword(ctx: Context, userId: string, current: string) {
  const user = await findUser(ctx, userId);
  const temporary = user.tempPasswordHash && user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > ctx.now();
  const right = (await verifyPassword(user.passwordHash, current)) || (temporary ? await verifyPassword(user.tempPasswordHash!, current) : false);
  if (!right) throw new DomainError("INVALID_PARAMETER", "current_password is not your current password", { parameter: "current_password" });
}

const ChangePasswordParams = UpdateUserParams.pick({ user_id: true, access_level: true }).extend({
  current_password: req(text(128), "The user's current password"),
  password: req(password(), "The new password"),
});

const PROFILE = ["first_name", "last_name", "email_address", "phone_number_country_code", "phone_number"] as const;

export const accountActions = {
  /** The user's own name, email address and phone number. */
  updateProfile: defineAction({
    audience: "customer",
    fixed: self,
    endpoint: "User/Update",
    schema: UpdateUserParams,
    verb: updateUser,
    accepts: [...PROFILE],
  }),
  /** A new password, after the current one. */
  changePassword: defineAction({
    audience: "customer",
    fixed: self,
    endpoint: "User/Update",
    schema: ChangePasswordParams,
    verb: async ({ ctx, input }) => {
      await checkCurrentPassword(ctx, input.user_id, input.current_password);
      return updateUser({ ctx, input: { user_id: input.user_id, access_level: input.access_level, password: input.password } });
    },
    accepts: ["current_password", "password"],
  }),
  /** Two-step verification on (Y) or off (N): User/Update's `verified` (see lib/portal/sign-in.ts secondFactorMethod). */
  setTwoStep: defineAction({
    audience: "customer",
    fixed: self,
    endpoint: "User/Update",
    schema: UpdateUserParams,
    verb: ({ ctx, input }) => updateUser({ ctx, input: { user_id: input.user_id, access_level: input.access_level, verified: input.verified } }),
    accepts: ["verified"],
  }),
  /** An ADMIN user adds a USER to the account; the new-user email carries a generated password. */
  addUser: defineAction({
    audience: "customer",
    endpoint: "User/Create",
    schema: CreateUserParams,
    verb: ({ ctx, input }) => {
      requireAccountAdmin(ctx);
      return createUser({ ctx, input });
    },
    fixed: { access_level: "USER", send_new_user_email: "Y" },
    accepts: ["first_name", "last_name", "email_address", "phone_number_country_code", "phone_number", "locale", "timezone_id"],
  }),
  /** An ADMIN user edits a user of the account (their access level stays as it is). */
  editUser: defineAction({
    audience: "customer",
    endpoint: "User/Update",
    schema: UpdateUserParams,
    verb: async ({ ctx, input }) => {
      requireAccountAdmin(ctx);
      const user = await findUser(ctx, input.user_id);
      return updateUser({ ctx, input: { ...input, access_level: user.accessLevel } });
    },
    // A stand-in for the required parameter: the verb above keeps the user's own level.
    fixed: { access_level: "USER" },
    accepts: ["user_id", ...PROFILE],
  }),
  /** An ADMIN user removes a user of the account (User/Delete; staff can restore it within 90 days). Never themselves. */
  removeUser: defineAction({
    audience: "customer",
    endpoint: "User/Delete",
    schema: UserIdParams,
    verb: async ({ ctx, input }) => {
      requireAccountAdmin(ctx);
      const user = await findUser(ctx, input.user_id);
      if (ctx.actor.kind === "customer" && user.id === ctx.actor.userId) throw invalidState("You can't remove yourself from the account", "user_id");
      return deleteUser({ ctx, input });
    },
    accepts: ["user_id"],
  }),
} satisfies Record<string, CustomerAction>;
