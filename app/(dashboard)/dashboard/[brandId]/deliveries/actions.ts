"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const replayDelivery = staffAction(staffActions.deliveryReplay);
export const replayFailedDeliveries = staffAction(staffActions.deliveriesReplayFailed);
