import { defineEndpoint } from "../endpoint";
import { AccountIdParams, CreateAccountParams, ListAccountsParams, UpdateAccountParams } from "../../accounts/schemas";
import { listAccounts } from "../../accounts/list-accounts";
import { accountToWire } from "../../accounts/view";
import { createAccount } from "../../users/create-account";
import { updateAccount } from "../../accounts/update-account";
import { suspendAccount } from "../../accounts/suspend-account";
import { deleteAccount } from "../../subscriptions/delete-account";
import { restoreAccount } from "../../accounts/restore-account";

const returns = "customer_account";

export const accountEndpoints = [
  defineEndpoint({
    resource: "Account",
    action: "List",
    method: "GET",
    summary: "Lists customer accounts, deleted ones included (at most 300); text filters match partially and ignore case.",
    params: ListAccountsParams,
    returns,
    list: "customer_accounts",
    handler: listAccounts,
    wire: accountToWire,
  }),
  defineEndpoint({
    resource: "Account",
    action: "Create",
    method: "POST",
    summary:
      "Creates a customer account and its initial user (returned in the user namespace with user_id and username), " +
      "generating security_code and email_verification_code; sends the Account/Create email unless skip_notification is Y.",
    params: CreateAccountParams,
    returns,
    refusals: ["409 DUPLICATE when email_address is already used by an account of the brand (case-insensitive)"],
    handler: createAccount,
  }),
  defineEndpoint({
    resource: "Account",
    action: "Update",
    method: "PATCH",
    summary: "Changes a customer account: supplied fields are set, optional ones sent empty are cleared.",
    params: UpdateAccountParams,
    returns,
    refusals: [
      "409 DUPLICATE when email_address is already used by another account of the brand",
      "409 INVALID_STATE for a deleted account",
      "400 MISSING_PARAMETER when the change leaves a non-US address without city or state, or a unit without unit_type",
    ],
    handler: updateAccount,
  }),
  defineEndpoint({
    resource: "Account",
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active customer account and all its users.",
    params: AccountIdParams,
    returns,
    refusals: ["409 INVALID_STATE unless the account is active"],
    handler: suspendAccount,
  }),
  defineEndpoint({
    resource: "Account",
    action: "Delete",
    method: "DELETE",
    summary:
      "Deletes a customer account and all its users (Account/Restore can bring them back for 90 days) and ends its subscriptions, listed in ended_subscription_ids. Deleting again changes nothing.",
    params: AccountIdParams,
    returns,
    handler: deleteAccount,
  }),
  defineEndpoint({
    resource: "Account",
    action: "Restore",
    method: "PATCH",
    summary: "Restores a suspended account, or a deleted one within 90 days of its deletion, with its users.",
    params: AccountIdParams,
    returns,
    refusals: ["409 INVALID_STATE when the account is active", "409 RESTORE_WINDOW_EXPIRED more than 90 days after deletion"],
    handler: restoreAccount,
  }),
];
