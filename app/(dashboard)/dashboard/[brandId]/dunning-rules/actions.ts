"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createDunningRule = staffAction(staffActions.dunningRuleCreate);
export const updateDunningRule = staffAction(staffActions.dunningRuleUpdate);
export const deleteDunningRule = staffAction(staffActions.dunningRuleDelete);
