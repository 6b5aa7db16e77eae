"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { getStaffSession } from "@/app/_auth/session";
import { staffActions } from "@/lib/dashboard/actions";

export const createAccount = staffAction(staffActions.accountCreate);
export const updateAccount = staffAction(staffActions.accountUpdate);
export const suspendAccount = staffAction(staffActions.accountSuspend);
export const restoreAccount = staffAction(staffActions.accountRestore);
export const deleteAccount = staffAction(staffActions.accountDelete);
export const addNote = staffAction(staffActions.hubNoteAdd);
export const openTicket = staffAction(staffActions.hubTicketOpen);
export const portalSignInLink = staffAction(staffActions.hubSignInLink);

/** The customer account picker's matches as staff type: a read, so nothing is revalidated. */
export async function findAccountChoices(brandId: string, input: Record<string, string>) {
  return staffActions.accountChoices.run(await getStaffSession(), brandId, input);
}
