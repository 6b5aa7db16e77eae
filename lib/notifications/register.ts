import type { Sink } from "../outbox/deliver";
import { registerSink } from "../outbox/sinks";
import { EVENT_NAMES } from "./events";
import { sendNotificationEmails } from "./send-notification-emails";

/** Turns a notification event into emails, with the deliverer's database and clock. */
export const notificationSink: Sink = (event, { db, now }) => sendNotificationEmails({ db, now, event });

// Imported for its effect by whatever runs the outbox deliverer (lib/jobs/runner.ts).
for (const type of EVENT_NAMES) registerSink(type, notificationSink);
