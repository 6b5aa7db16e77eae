import type { ReactNode } from "react";
import type { RecordStep } from "./record-actions";
import { STATUS } from "@/lib/lifecycle";

type Action = RecordStep["action"];

/**
 * The lifecycle buttons of a status-ledger record (1 active, 2 suspended, 3 deleted), as the spec
 * allows them: suspend an active one, restore a suspended or deleted one, delete any not deleted.
 * Each says in its own words what it will do.
 */
export function ledgerSteps(r: {
  status: number;
  name: string;
  /** "product", "component", "group": the confirm buttons say "Suspend product". */
  noun: string;
  suspend?: { action: Action; body: ReactNode };
  restore?: { action: Action; body: ReactNode };
  delete?: { action: Action; body: ReactNode; then?: string };
}): RecordStep[] {
  const steps: RecordStep[] = [];
  if (r.status === STATUS.ACTIVE && r.suspend) steps.push({ label: "Suspend", title: `Suspend ${r.name}?`, confirmLabel: `Suspend ${r.noun}`, ...r.suspend });
  if (r.status !== STATUS.ACTIVE && r.restore) steps.push({ label: "Restore", title: `Restore ${r.name}?`, confirmLabel: `Restore ${r.noun}`, ...r.restore });
  if (r.status !== STATUS.DELETED && r.delete)
    steps.push({ label: "Delete", title: `Delete ${r.name}?`, confirmLabel: `Delete ${r.noun}`, danger: true, ...r.delete });
  return steps;
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
