"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createPayMethod = staffAction(staffActions.payMethodCreate);
export const verifyPayMethod = staffAction(staffActions.payMethodVerify);
export const setDefaultPayMethod = staffAction(staffActions.payMethodSetDefault);
export const deletePayMethod = staffAction(staffActions.payMethodDelete);
