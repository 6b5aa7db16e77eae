"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AdvanceTestClockParams } from "@/lib/test-clocks/schemas";
import { advanceTestClock } from "./actions";

type Values = { days: string };

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
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: { days: "30" },
    resolver: zodResolver(AdvanceTestClockParams, undefined, { raw: true }) as unknown as Resolver<Values>,
  });
  const onSubmit = handleSubmit(async ({ days }) => {
    setMessage(null);
    const r = await advanceTestClock(brandId, { days });
    if (!r.ok) {
      if (r.error.parameter === "days") setError("days", { message: r.error.message });
      else setMessage({ ok: false, text: r.error.message });
      return;
    }
    const done = r.data as unknown as Record<string, string>;
    setMessage({ ok: true, text: `Advanced: ${SUMMARY.map(([k, label]) => `${done[k] ?? 0} ${label}`).join(", ")}.` });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} className="form" noValidate>
      {message && (
        <p className={`alert ${message.ok ? "success" : "error"}`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      <div className="field">
        <label htmlFor="days">Days to advance</label>
        <input id="days" inputMode="numeric" aria-invalid={Boolean(formState.errors.days)} aria-describedby="days-hint" {...register("days")} />
        <p className="muted" id="days-hint">
          Every renewal, charge, dunning day and email due in between runs, in order, before the clock moves on.
        </p>
        {formState.errors.days && (
          <p className="field-error" role="alert">
            {formState.errors.days.message}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Advancing…" : "Advance the clock"}
        </button>
      </div>
    </form>
  );
}
