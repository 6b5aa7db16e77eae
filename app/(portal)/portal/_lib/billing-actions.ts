"use server";
import type { BrowserInput } from "@/lib/actions/define-action";
import { portalActions } from "@/lib/portal/actions";
import { portalAction } from "./portal-action";

// The billing area's portal actions (lib/portal/actions/billing.ts), one line each; the customer account always comes from the session.
export const payInvoice = async (input: BrowserInput) => portalAction(portalActions.payInvoice)(input);
export const addPayMethod = async (input: BrowserInput) => portalAction(portalActions.addPayMethod)(input);
export const verifyPayMethod = async (input: BrowserInput) => portalAction(portalActions.verifyPayMethod)(input);
export const setDefaultPayMethod = async (input: BrowserInput) => portalAction(portalActions.setDefaultPayMethod)(input);
export const removePayMethod = async (input: BrowserInput) => portalAction(portalActions.removePayMethod)(input);
export const estimateChangePlan = async (input: BrowserInput) => portalAction(portalActions.estimateChangePlan)(input);
export const estimateUpdate = async (input: BrowserInput) => portalAction(portalActions.estimateUpdate)(input);
export const changePlan = async (input: BrowserInput) => portalAction(portalActions.changePlan)(input);
export const updateSubscription = async (input: BrowserInput) => portalAction(portalActions.updateSubscription)(input);
export const updateAutoPay = async (input: BrowserInput) => portalAction(portalActions.updateAutoPay)(input);
export const cancelSubscription = async (input: BrowserInput) => portalAction(portalActions.cancelSubscription)(input);
