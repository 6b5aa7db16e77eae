import { staffAction } from "../../auth/staff-action";
import { AccountIdParams, CreateAccountParams, UpdateAccountParams } from "../../accounts/schemas";
import { createAccount } from "../../users/create-account";
import { updateAccount } from "../../accounts/update-account";
import { suspendAccount } from "../../accounts/suspend-account";
import { restoreAccount } from "../../accounts/restore-account";
import { deleteAccount } from "../../subscriptions/delete-account";
import { AccountChoicesParams, findAccountChoices } from "../../accounts/account-choices";

/** Customer accounts. */
export const accountActions = {
  accountCreate: staffAction(CreateAccountParams, createAccount),
  accountUpdate: staffAction(UpdateAccountParams, updateAccount),
  accountSuspend: staffAction(AccountIdParams, suspendAccount),
  accountRestore: staffAction(AccountIdParams, restoreAccount),
  accountDelete: staffAction(AccountIdParams, deleteAccount),
  // A read: the customer account picker asks it as staff type (any role may).
  accountChoices: staffAction(AccountChoicesParams, findAccountChoices),
};
