"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createUser = staffAction(staffActions.userCreate);
export const updateUser = staffAction(staffActions.userUpdate);
export const suspendUser = staffAction(staffActions.userSuspend);
export const restoreUser = staffAction(staffActions.userRestore);
export const deleteUser = staffAction(staffActions.userDelete);
export const createUserToken = staffAction(staffActions.userCreateToken);
