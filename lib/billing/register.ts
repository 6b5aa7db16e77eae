import { registerSink } from "../outbox/sinks";
import { generateDueInvoices } from "./generate-invoices";
import { fanOutInvoiceEvents, INVOICES_CREATED } from "./invoice-events";

/**
 * "billing/generate" events: a change put a renewal inside the 72-hour window, so its invoice is
 * generated on the next delivery tick (seconds in-process, at most a minute on Inngest) rather than
 * at the next daily run.
 */
registerSink("billing/generate", async (event, { db, now }) => {
  const ids = (event.payload as { subscription_ids: string[] }).subscription_ids;
  const { created } = await generateDueInvoices({ db, now: now(), subscriptionIds: ids });
  return `${created} invoice(s) generated`;
});

registerSink(INVOICES_CREATED, (event, { db, now }) => fanOutInvoiceEvents(db, event, now()));
