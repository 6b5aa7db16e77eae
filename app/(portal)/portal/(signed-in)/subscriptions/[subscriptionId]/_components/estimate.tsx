"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionError, ActionResult } from "@/lib/actions/define-action";
import { LinesTable } from "@/components/ui/lines-table";
import type { ChangeEstimateRead } from "@/lib/subscriptions/read";

/** The estimate of a change, as the estimate actions answer it: its read row. */
export type Preview = ChangeEstimateRead;

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

/** Lines of the estimate (as an invoice's), their amounts in the customer's format. */
function Lines({ caption, lines, money }: { caption: string; lines: NonNullable<Preview["after"]>["lines"]; money: (cents: number) => string }) {
  return (
    <LinesTable
      look="portal"
      caption={caption}
      quantities={false}
      lines={lines.map((l) => ({ name: l.itemName, quantity: l.quantity, amount: money(l.itemPrice * l.quantity) }))}
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
  date,
  money,
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onBack,
}: {
  preview: Preview;
  /** A calendar day (ISO) in the customer's format. */
  date: (isoDay: string) => string;
  money: (cents: number) => string;
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const next = e.after;
  const credit = e.prepaidCreditCents;
  const takenBack = e.prepaidTakenBackCents;
  const chargedNow = e.chargedNowCents;
  const proratedCredit = e.proratedCreditCents;
  const adjusted = e.adjustmentInvoicedCents;
  const repricedCredit = e.repricedCreditCents;
  return (
    <div className="p-preview" role="region" aria-label={title} aria-live="polite">
      <h3>{title}</h3>
      {chargedNow > 0 ? (
        <p>
          For the {e.prorationDaysLeft} days left of {e.prorationPeriodDays} in this period, <strong data-testid="estimate-now">{money(chargedNow)}</strong>{" "}
          before tax would be invoiced now (charged at once with auto pay, your prepaid balance first).
        </p>
      ) : proratedCredit > 0 ? (
        <p>
          For the {e.prorationDaysLeft} days left of {e.prorationPeriodDays} in this period, <strong data-testid="estimate-now">{money(proratedCredit)}</strong>{" "}
          would be credited to your prepaid balance now.
        </p>
      ) : (
        <p>Nothing is charged now.</p>
      )}
      {next === null ? (
        <p>After this change the subscription does not renew.</p>
      ) : (
        <p>
          Your next invoice, on {date(next.renewalDate)}, would be <strong data-testid="estimate-total">{money(next.total)}</strong>
          {e.before ? (
            <>
              {" "}
              instead of <strong>{money(e.before.total)}</strong>
            </>
          ) : null}
          , before tax
          {next.generated && next.paid ? (
            <>
              ; {money(next.paid)} of it is paid already, so <strong data-testid="estimate-due">{money(next.balance)}</strong> would be due
            </>
          ) : null}
          .
        </p>
      )}
      {next && next.final && (adjusted > 0 || repricedCredit > 0) ? (
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
        <Lines caption={next.final ? "The period as priced after the change" : "Next invoice, line by line"} lines={next.lines} money={money} />
      ) : null}
      {next && next.usageLines.length ? (
        <>
          <p className="muted">Plus the usage reported so far this period (more may be added before the renewal):</p>
          <Lines caption="Usage so far" lines={next.usageLines} money={money} />
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
