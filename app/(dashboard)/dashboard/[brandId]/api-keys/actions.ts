"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createApiKey = staffAction(staffActions.apiKeyCreate);
export const revokeApiKey = staffAction(staffActions.apiKeyRevoke);
export const rotateSigningSecret = staffAction(staffActions.signingSecretRotate);
export const rotateUserKey = staffAction(staffActions.userKeyRotate);
