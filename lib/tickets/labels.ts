/** Ticket directions as staff read them, for the dashboard's lists and forms (working statuses are named in lib/format.ts, kind "ticket"). */
import { TICKET_DIRECTIONS } from "../../db/schema";

/** What each direction means to staff (spec, Ticket/Create). */
export const DIRECTION_LABEL: Record<(typeof TICKET_DIRECTIONS)[number], string> = {
  INTERNAL: "Internal (customers never see it)",
  EXTERNAL: "To a customer (they see it)",
  "EXTERNAL-CUSTOMER": "From a customer or guest",
};
export const DIRECTION_SHORT: Record<(typeof TICKET_DIRECTIONS)[number], string> = {
  INTERNAL: "Internal",
  EXTERNAL: "To customer",
  "EXTERNAL-CUSTOMER": "From customer",
};
export const DIRECTION_OPTIONS = TICKET_DIRECTIONS.map((value) => ({ value, label: DIRECTION_SHORT[value] }));
