"use server";
import type { BrowserInput } from "@/lib/auth/portal-action";
import { portalActions } from "@/lib/portal/actions";
import { portalAction } from "./portal-action";

// One line per portal action; the customer account always comes from the session.
export const openTicket = async (input: BrowserInput) => portalAction(portalActions.openTicket)(input);
export const replyToTicket = async (input: BrowserInput) => portalAction(portalActions.replyToTicket)(input);
