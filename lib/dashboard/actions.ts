import { z } from "zod";
import { staffAction } from "../auth/staff-action";
import { AccountIdParams, CreateAccountParams, UpdateAccountParams } from "../accounts/schemas";
import { createAccount } from "../accounts/create-account";
import { updateAccount } from "../accounts/update-account";
import { suspendAccount } from "../accounts/suspend-account";
import { restoreAccount } from "../accounts/restore-account";
import { deleteAccount } from "../accounts/delete-account";
import { UpdateBrandParams } from "../brands/schemas";
import { updateBrand } from "../brands/update-brand";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment } from "../staff/totp";
import { req } from "../wire/params";

const TotpCodeParams = z.object({
  code: req(z.string().regex(/^\d{6}$/, { error: "must be the 6 digits your app shows" }), "The current code", { example: "123456" }),
});

/**
 * Every dashboard server action, each the endpoint's own schema and verb: app/ binds them to the
 * session one line each, and tests/action-contract.test.ts walks this table (another brand's ids:
 * not found, nothing changed), so an action added here is covered without writing a test.
 */
export const staffActions = {
  accountCreate: staffAction(CreateAccountParams, createAccount),
  accountUpdate: staffAction(UpdateAccountParams, updateAccount),
  accountSuspend: staffAction(AccountIdParams, suspendAccount),
  accountRestore: staffAction(AccountIdParams, restoreAccount),
  accountDelete: staffAction(AccountIdParams, deleteAccount),
  brandUpdate: staffAction(UpdateBrandParams, updateBrand),
  totpStart: staffAction(z.object({}), startTotpEnrolment),
  totpConfirm: staffAction(TotpCodeParams, confirmTotpEnrolment),
  totpDisable: staffAction(TotpCodeParams, disableTotp),
};

export type StaffActionName = keyof typeof staffActions;
