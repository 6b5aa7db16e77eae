import { Inngest } from "inngest";

/** Configured by INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (or INNGEST_DEV=1 for a local dev server). */
export const inngest = new Inngest({ id: "recurring-billing" });
