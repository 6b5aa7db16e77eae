import { formValues } from "../wire/form-values";
import type { UserRead } from "./read";
import { USER_COLUMNS } from "./columns";

/**
 * A user as User/Update's parameters would leave it as it is: the edit form's starting values, in
 * the API's parameter vocabulary (Y/N, "" for nothing). The password is never among them.
 */
export const userParams = (u: UserRead) => ({ user_id: u.id, ...formValues(u, USER_COLUMNS) });
