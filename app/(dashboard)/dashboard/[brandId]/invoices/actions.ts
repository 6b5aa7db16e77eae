"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createInvoice = staffAction(staffActions.invoiceCreate);
export const updateInvoice = staffAction(staffActions.invoiceUpdate);
export const deleteInvoice = staffAction(staffActions.invoiceDelete);
export const remindInvoice = staffAction(staffActions.invoiceRemind);
