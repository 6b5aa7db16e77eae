"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createPayment = staffAction(staffActions.paymentCreate);
export const refundPayment = staffAction(staffActions.paymentRefund);
