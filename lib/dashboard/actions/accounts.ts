import { endpointAction } from "../../actions/endpoint-action";
import { defineAction } from "../../actions/define-action";
import { AccountChoicesParams, findAccountChoices } from "../../accounts/account-choices";

/** Customer accounts. */
export const accountActions = {
  accountCreate: endpointAction("Account/Create"),
  accountUpdate: endpointAction("Account/Update"),
  accountSuspend: endpointAction("Account/Suspend"),
  accountRestore: endpointAction("Account/Restore"),
  accountDelete: endpointAction("Account/Delete"),
  // A read: the customer account picker asks it as staff type (any role may).
  accountChoices: defineAction({ audience: "staff", schema: AccountChoicesParams, verb: findAccountChoices }),
};
