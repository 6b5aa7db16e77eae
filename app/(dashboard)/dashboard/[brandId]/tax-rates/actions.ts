"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

// ADMIN only: the actions refuse a USER staff user on the server (lib/dashboard/actions/billing.ts).
export const createTaxRate = staffAction(staffActions.taxRateCreate);
export const updateTaxRate = staffAction(staffActions.taxRateUpdate);
export const archiveTaxRate = staffAction(staffActions.taxRateDelete);
