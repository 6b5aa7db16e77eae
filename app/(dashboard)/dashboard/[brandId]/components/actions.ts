"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createComponent = staffAction(staffActions.componentCreate);
export const updateComponent = staffAction(staffActions.componentUpdate);
export const suspendComponent = staffAction(staffActions.componentSuspend);
export const restoreComponent = staffAction(staffActions.componentRestore);
export const deleteComponent = staffAction(staffActions.componentDelete);
