"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const advanceTestClock = staffAction(staffActions.testClockAdvance);
