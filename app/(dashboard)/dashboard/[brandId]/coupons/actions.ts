"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createCoupon = staffAction(staffActions.couponCreate);
export const updateCoupon = staffAction(staffActions.couponUpdate);
export const deleteCoupon = staffAction(staffActions.couponDelete);
