"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createAccount = staffAction(staffActions.accountCreate);
export const updateAccount = staffAction(staffActions.accountUpdate);
export const suspendAccount = staffAction(staffActions.accountSuspend);
export const restoreAccount = staffAction(staffActions.accountRestore);
export const deleteAccount = staffAction(staffActions.accountDelete);
export const addNote = staffAction(staffActions.hubNoteAdd);
export const openTicket = staffAction(staffActions.hubTicketOpen);
export const portalSignInLink = staffAction(staffActions.hubSignInLink);
