"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createProductGroup = staffAction(staffActions.productGroupCreate);
export const updateProductGroup = staffAction(staffActions.productGroupUpdate);
export const suspendProductGroup = staffAction(staffActions.productGroupSuspend);
export const restoreProductGroup = staffAction(staffActions.productGroupRestore);
export const deleteProductGroup = staffAction(staffActions.productGroupDelete);
