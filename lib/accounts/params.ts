import { formValues } from "../wire/form-values";
import { ACCOUNT_COLUMNS } from "./columns";
import type { AccountRead } from "./read";

/**
 * A customer account as Account/Update's parameters would leave it as it is: an edit form's
 * starting values, in the API's parameter vocabulary (Y/N, "" for nothing).
 */
export const accountParams = (a: AccountRead) => ({ customer_account_id: a.id, ...formValues(a, ACCOUNT_COLUMNS) });
