"use client";

import { useRouter } from "next/navigation";
import { Form } from "@/components/forms/form";
import { AdvanceTestClockParams } from "@/lib/test-clocks/schemas";
import { advanceTestClock } from "./actions";

/** What one advance did, as TestClock/Advance answers it. */
const SUMMARY: [key: string, label: string][] = [
  ["invoices_generated", "invoices generated"],
  ["charges_succeeded", "charges succeeded"],
  ["charges_declined", "charges declined"],
  ["dunning_rules_fired", "dunning rules fired"],
  ["events_queued", "emails and posts queued"],
];

/** Moves the sandbox brand's clock forward by a number of days; the server runs everything due in between. */
export function AdvanceForm({ brandId }: { brandId: string }) {
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
      submitLabel="Advance the clock"
      busyLabel="Advancing…"
    />
  );
}
