"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createNotification = staffAction(staffActions.notificationCreate);
export const updateNotification = staffAction(staffActions.notificationUpdate);
export const deleteNotification = staffAction(staffActions.notificationDelete);
export const restoreNotification = staffAction(staffActions.notificationRestore);
