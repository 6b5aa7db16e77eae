"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionError, ActionResult } from "@/lib/actions/define-action";
import { parseAmount } from "@/lib/money";
import { LinesTable } from "@/components/ui/lines-table";
import type { ChangeEstimateView } from "@/lib/subscriptions/estimate-change";

export type Preview = ChangeEstimateView;

/** An amount of the estimate (the API's "25.00", in the brand's currency) in minor units. */
const minor = (amount: string | null, currency: string) => (amount === null ? null : parseAmount(amount, currency));

/** "3/9/2026" (the API's dates) as "2026-03-09". */
export const isoOfWireDate = (wire: string) => {
  const [m, d, y] = wire.split("/");
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
};

/**
 * A change in two steps: preview (the estimate of the change next to what renews now), then confirm. The
 * chooser stays on screen; a refusal shows on the preview, or on the chooser's field.
 */
export function useChange() {
  const router = useRouter();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    preview,
    busy,
    error,
    done,
    back: () => (setPreview(null), setError(null)),
    /** Estimates the change (made and rolled back on the server); a refusal goes to onRefused (a field) or is shown. */
    async ask(estimate: () => Promise<ActionResult<Preview>>, opts: { onRefused?: (e: ActionError) => void } = {}) {
      setBusy(true);
      setError(null);
      setDone(null);
      const answer = await estimate();
      setBusy(false);
      if (answer.ok) setPreview(answer.data);
      else if (opts.onRefused) opts.onRefused(answer.error);
      else setError(answer.error.message);
    },
    /** Makes the change; on success the page shows the subscription as it now is. */
    async confirm(run: () => Promise<ActionResult<unknown>>, message: string) {
      setBusy(true);
      setError(null);
      const answer = await run();
      setBusy(false);
      if (!answer.ok) return setError(answer.error.message);
      setPreview(null);
      setDone(message);
      router.refresh();
    },
  };
}

/** Lines of the estimate, their amounts in the customer's format. */
function Lines({
  caption,
  lines,
  currency,
  money,
}: {
  caption: string;
  lines: NonNullable<Preview["after"]>["lines"];
  currency: string;
  money: (cents: number) => string;
}) {
  return (
    <LinesTable
      look="portal"
      caption={caption}
      quantities={false}
      lines={lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: money(minor(l.amount, currency) ?? 0) }))}
    />
  );
}

/**
 * What the change will do, as the server measured it by making it and rolling it back: nothing is
 * charged now; the next invoice (already issued and repriced, or still to come) line by line, what
 * will be due on it, and any amount moved to or taken back from the prepaid balance.
 */
export function EstimatePreview({
  preview: e,
  renewal,
  money,
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onBack,
}: {
  preview: Preview;
  renewal: (wireDate: string) => string;
  money: (cents: number) => string;
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const next = e.after;
  const credit = minor(e.prepaid_credit, e.currency) ?? 0;
  const takenBack = minor(e.prepaid_taken_back, e.currency) ?? 0;
  const chargedNow = minor(e.charged_now, e.currency) ?? 0;
  const proratedCredit = minor(e.prorated_credit, e.currency) ?? 0;
  const adjusted = minor(e.adjustment_invoiced, e.currency) ?? 0;
  const repricedCredit = minor(e.repriced_credit, e.currency) ?? 0;
  return (
    <div className="p-preview" role="region" aria-label={title} aria-live="polite">
      <h3>{title}</h3>
      {chargedNow > 0 ? (
        <p>
          For the {e.proration_days_left} days left of {e.proration_period_days} in this period, <strong data-testid="estimate-now">{money(chargedNow)}</strong>{" "}
          before tax would be invoiced now (charged at once with auto pay, your prepaid balance first).
        </p>
      ) : proratedCredit > 0 ? (
        <p>
          For the {e.proration_days_left} days left of {e.proration_period_days} in this period,{" "}
          <strong data-testid="estimate-now">{money(proratedCredit)}</strong> would be credited to your prepaid balance now.
        </p>
      ) : (
        <p>Nothing is charged now.</p>
      )}
      {next === null ? (
        <p>After this change the subscription does not renew.</p>
      ) : (
        <p>
          Your next invoice, on {renewal(next.renewal_date)}, would be <strong data-testid="estimate-total">{money(minor(next.total, e.currency) ?? 0)}</strong>
          {e.before ? (
            <>
              {" "}
              instead of <strong>{money(minor(e.before.total, e.currency) ?? 0)}</strong>
            </>
          ) : null}
          , before tax
          {next.generated === "Y" && minor(next.paid, e.currency) ? (
            <>
              ; {money(minor(next.paid, e.currency) ?? 0)} of it is paid already, so{" "}
              <strong data-testid="estimate-due">{money(minor(next.balance, e.currency) ?? 0)}</strong> would be due
            </>
          ) : null}
          .
        </p>
      )}
      {next && next.final === "Y" && (adjusted > 0 || repricedCredit > 0) ? (
        <p data-testid="estimate-final">
          Your invoice for it is paid already and stays as issued
          {adjusted > 0 ? <>: {money(adjusted)} more would be a new invoice, charged with the renewal</> : null}
          {repricedCredit > 0 ? <>: a credit note would take {money(repricedCredit)} off it</> : null}.
        </p>
      ) : null}
      {credit > 0 ? (
        <p data-testid="estimate-credit">
          {money(credit)} you paid for it would no longer be needed: it goes to your prepaid balance, which pays your next invoices.
        </p>
      ) : null}
      {takenBack > 0 ? <p data-testid="estimate-credit">{money(takenBack)} credited to your prepaid balance earlier would pay for it again.</p> : null}
      {next && next.lines.length ? (
        <Lines
          caption={next.final === "Y" ? "The period as priced after the change" : "Next invoice, line by line"}
          lines={next.lines}
          currency={e.currency}
          money={money}
        />
      ) : null}
      {next && next.usage_lines.length ? (
        <>
          <p className="muted">Plus the usage reported so far this period (more may be added before the renewal):</p>
          <Lines caption="Usage so far" lines={next.usage_lines} currency={e.currency} money={money} />
        </>
      ) : null}
      {error ? (
        <div className="p-alert error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="p-actions">
        <button type="button" className="p-button" onClick={onConfirm} disabled={busy}>
          {busy ? "Saving…" : confirmLabel}
        </button>
        <button type="button" className="p-button secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
      </div>
    </div>
  );
}
