"use client";

import { useRouter } from "next/navigation";
import { Form } from "@/components/forms/form";
import { formatInstant } from "@/lib/format";
import { AdvanceTestClockParams, afterDays, MAX_ADVANCE_DAYS } from "@/lib/test-clocks/schemas";
import { advanceTestClock } from "./actions";

/** What one advance did, as TestClock/Advance answers it. */
const SUMMARY: [key: string, label: string][] = [
  ["invoices_generated", "invoices generated"],
  ["charges_succeeded", "charges succeeded"],
  ["charges_declined", "charges declined"],
  ["dunning_rules_fired", "dunning rules fired"],
  ["events_queued", "emails and posts queued"],
];

/** Where the clock will stand after `days` from `now` (a whole number of days in range), else null. */
function landing(now: string, days: unknown) {
  const n = Number(days);
  return Number.isInteger(n) && n >= 1 && n <= MAX_ADVANCE_DAYS ? formatInstant(afterDays(new Date(now), n)) : null;
}

/**
 * Moves the sandbox brand's clock forward by a number of days; the server runs everything due in
 * between. Before anything runs it says where the clock will then stand (it never goes back).
 */
export function AdvanceForm({ brandId, now }: { brandId: string; now: string }) {
  const router = useRouter();
  return (
    <Form
      layout="stack"
      fields={[
        {
          name: "days",
          label: "Days to advance",
          kind: "integer",
          hint: "Every renewal, charge, dunning day and email due in between runs, in order, before the clock moves on.",
        },
      ]}
      schema={AdvanceTestClockParams}
      defaults={{ days: "30" }}
      submit={(input) => advanceTestClock(brandId, input)}
      onDone={(data) => {
        const done = data as Record<string, string>;
        router.refresh();
        return `Advanced: ${SUMMARY.map(([k, label]) => `${done[k] ?? 0} ${label}`).join(", ")}.`;
      }}
      aside={(values) => {
        const to = landing(now, values.days);
        return (
          to && (
            <p className="hint" role="status">
              The clock will then read <strong>{to}</strong>.
            </p>
          )
        );
      }}
      submitLabel="Advance the clock"
      busyLabel="Advancing…"
    />
  );
}
