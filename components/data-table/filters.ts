import { RECORD_STATUS_OPTIONS } from "@/components/ui/status";
import type { FilterOption, TableFilter } from "./data-table";

/** A filter's choices from their labels by value, in the order written: `choices({ Y: "In a trial", N: "Not in a trial" })`. */
export const choices = (labels: Record<string, string>): FilterOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The ledger's status (active, suspended, deleted) as a list's `status` filter. */
export const RECORD_STATUS_FILTER: TableFilter = { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS };
