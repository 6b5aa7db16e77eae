"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createProduct = staffAction(staffActions.productCreate);
export const updateProduct = staffAction(staffActions.productUpdate);
export const suspendProduct = staffAction(staffActions.productSuspend);
export const restoreProduct = staffAction(staffActions.productRestore);
export const deleteProduct = staffAction(staffActions.productDelete);
