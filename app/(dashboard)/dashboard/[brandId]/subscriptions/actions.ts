"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { getStaffSession } from "@/app/_auth/session";
import { staffActions } from "@/lib/dashboard/actions";

export const createSubscription = staffAction(staffActions.subscriptionCreate);
export const updateSubscription = staffAction(staffActions.subscriptionUpdate);
export const changeProduct = staffAction(staffActions.subscriptionChangeProduct);
export const suspendSubscription = staffAction(staffActions.subscriptionSuspend);
export const restoreSubscription = staffAction(staffActions.subscriptionRestore);
export const deleteSubscription = staffAction(staffActions.subscriptionDelete);

/** Subscription/Estimate as the form changes: a read, so nothing is revalidated. */
export async function estimateSubscription(brandId: string, input: Record<string, string>) {
  return staffActions.subscriptionEstimate.run(await getStaffSession(), brandId, input);
}

/** What Subscription/ChangeProduct would invoice and credit: the change made and rolled back, so nothing is revalidated. */
export async function estimateChangeProduct(brandId: string, input: Record<string, string>) {
  return staffActions.subscriptionEstimateChangeProduct.run(await getStaffSession(), brandId, input);
}
