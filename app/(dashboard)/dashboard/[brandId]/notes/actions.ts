"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createNote = staffAction(staffActions.noteCreate);
export const deleteNote = staffAction(staffActions.noteDelete);
