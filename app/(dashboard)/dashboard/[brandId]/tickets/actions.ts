"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createTicket = staffAction(staffActions.ticketCreate);
export const updateTicket = staffAction(staffActions.ticketUpdate);
export const mergeTickets = staffAction(staffActions.ticketMerge);
export const deleteTicket = staffAction(staffActions.ticketDelete);
