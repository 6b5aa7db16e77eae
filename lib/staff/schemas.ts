import { z } from "zod";
import { email, id, oneOf, req, text } from "../wire/params";

const accessLevel = () => oneOf(["ADMIN", "USER"] as const);
const staffUserId = () => req(id(), "The staff user", { refersTo: "StaffUser" });

export const InviteStaffParams = z.object({
  name: req(text(255).min(1, { error: "must not be empty" }), "The staff user's name", { example: "Sam Support" }),
  email: req(email(), "Where the invitation is sent; they set their own password from it", { example: "sam@example.com" }),
  access_level: req(accessLevel(), "ADMIN (everything, including brands, staff, API keys and gateways) or USER", { example: "USER" }),
});

export const SetStaffRoleParams = z.object({
  staff_user_id: staffUserId(),
  access_level: req(accessLevel(), "ADMIN or USER", { example: "USER" }),
});

export const StaffUserIdParams = z.object({ staff_user_id: staffUserId() });

/** A new dashboard password: what sign-in accepts (at most 128 characters), and at least 10. */
export const newPassword = () =>
  z
    .string()
    .min(10, { error: "must be at least 10 characters" })
    .max(128, { error: "must be at most 128 characters" })
    .refine((s) => s.trim().length > 0, { error: "must not be only spaces" });

export type InviteStaffInput = z.output<typeof InviteStaffParams>;
