"use server";
import type { BrowserInput } from "@/lib/actions/define-action";
import { portalActions } from "@/lib/portal/actions";
import { portalAction } from "./portal-action";

// One line per portal action; the customer account always comes from the session.
export const openTicket = async (input: BrowserInput) => portalAction(portalActions.openTicket)(input);
export const replyToTicket = async (input: BrowserInput) => portalAction(portalActions.replyToTicket)(input);
export const updateProfile = async (input: BrowserInput) => portalAction(portalActions.updateProfile)(input);
export const changePassword = async (input: BrowserInput) => portalAction(portalActions.changePassword)(input);
export const setTwoStep = async (input: BrowserInput) => portalAction(portalActions.setTwoStep)(input);
export const addUser = async (input: BrowserInput) => portalAction(portalActions.addUser)(input);
export const editUser = async (input: BrowserInput) => portalAction(portalActions.editUser)(input);
export const removeUser = async (input: BrowserInput) => portalAction(portalActions.removeUser)(input);
