"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const inviteStaff = staffAction(staffActions.staffInvite);
export const resendInvite = staffAction(staffActions.staffResendInvite);
export const setStaffRole = staffAction(staffActions.staffSetRole);
export const disableStaff = staffAction(staffActions.staffDisable);
export const enableStaff = staffAction(staffActions.staffEnable);
