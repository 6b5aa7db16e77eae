"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const startTotp = staffAction(staffActions.totpStart);
export const confirmTotp = staffAction(staffActions.totpConfirm);
export const disableTotp = staffAction(staffActions.totpDisable);
export const signOutEverywhere = staffAction(staffActions.signOutEverywhere);
