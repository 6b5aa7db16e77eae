/** Ticket directions and working statuses as staff read them, for the dashboard's lists and forms. */
import { TICKET_DIRECTIONS, TICKET_WORKING_STATUSES } from "../../db/schema";

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

const STATUS_TONE: Record<string, string> = { OPEN: "warn", ANSWERED: "ok", WORKING: "info", "ON HOLD": "info", CLOSED: "bad" };
export const statusTone = (s: string) => STATUS_TONE[s] ?? "info";
export const statusLabel = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();
export const STATUS_OPTIONS = TICKET_WORKING_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
