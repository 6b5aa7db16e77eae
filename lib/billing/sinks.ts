import type { Sink } from "../outbox/deliver";
import { runContext } from "../auth/context";
import { generateDueInvoices } from "./generate-invoices";
import { fanOutInvoiceEvents } from "./invoice-events";

/**
 * "billing/generate" events: a change put a renewal inside the 72-hour window, so its invoice is
 * generated on the next delivery tick (seconds in-process, at most a minute on Inngest) rather than
 * at the next daily run.
 */
export const generateRequestedInvoices: Sink = async (event, { db, now }) => {
  const ids = (event.payload as { subscription_ids: string[] }).subscription_ids;
  // The event's brand's (its subscriptions are).
  const { created } = await generateDueInvoices({ ctx: await runContext(db, now(), event.brandId), input: { subscriptionIds: ids } });
  return `${created} invoice(s) generated`;
};

/** "billing/invoices-created" events: each listed invoice gets its Invoice/Create event. */
export const fanOutInvoicesCreated: Sink = (event, { db, now }) => fanOutInvoiceEvents(db, event, now());
