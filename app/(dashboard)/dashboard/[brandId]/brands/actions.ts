"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createBrand = staffAction(staffActions.brandCreate);
export const updateBrand = staffAction(staffActions.brandUpdate);
