"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

// ADMIN only: the actions refuse a USER staff user on the server (lib/dashboard/actions/billing.ts).
export const createGateway = staffAction(staffActions.gatewayCreate);
export const updateGateway = staffAction(staffActions.gatewayUpdate);
export const setDefaultGateway = staffAction(staffActions.gatewaySetDefault);
export const deleteGateway = staffAction(staffActions.gatewayDelete);
