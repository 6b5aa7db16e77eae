"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionError, ActionResult } from "@/lib/actions/define-action";
import type { ChangeEstimateView } from "@/lib/subscriptions/estimate-change";

export type Preview = ChangeEstimateView;

export const cents = (amount: string | null) => (amount === null ? null : Math.round(Number(amount) * 100));

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

function Lines({ caption, lines, money }: { caption: string; lines: NonNullable<Preview["after"]>["lines"]; money: (cents: number) => string }) {
  return (
    <div className="p-table-wrap">
      <table className="p-table">
        <caption className="skip">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, n) => (
            <tr key={n}>
              <td>
                {l.name}
                {l.quantity > 1 ? <span className="muted"> × {l.quantity}</span> : null}
              </td>
              <td className="num">{money(cents(l.amount) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
  const credit = cents(e.prepaid_credit) ?? 0;
  const takenBack = cents(e.prepaid_taken_back) ?? 0;
  return (
    <div className="p-preview" role="region" aria-label={title} aria-live="polite">
      <h3>{title}</h3>
      <p>Nothing is charged now: the current period is not prorated.</p>
      {next === null ? (
        <p>After this change the subscription does not renew.</p>
      ) : (
        <p>
          Your next invoice, on {renewal(next.renewal_date)}, would be <strong data-testid="estimate-total">{money(cents(next.total) ?? 0)}</strong>
          {e.before ? (
            <>
              {" "}
              instead of <strong>{money(cents(e.before.total) ?? 0)}</strong>
            </>
          ) : null}
          {next.generated === "Y" && cents(next.paid) ? (
            <>
              ; {money(cents(next.paid) ?? 0)} of it is paid already, so <strong data-testid="estimate-due">{money(cents(next.balance) ?? 0)}</strong> would be
              due
            </>
          ) : null}
          .
        </p>
      )}
      {credit > 0 ? (
        <p data-testid="estimate-credit">
          {money(credit)} you paid for it would no longer be needed: it goes to your prepaid balance, which pays your next invoices.
        </p>
      ) : null}
      {takenBack > 0 ? <p data-testid="estimate-credit">{money(takenBack)} credited to your prepaid balance earlier would pay for it again.</p> : null}
      {next && next.lines.length ? <Lines caption="Next invoice, line by line" lines={next.lines} money={money} /> : null}
      {next && next.usage_lines.length ? (
        <>
          <p className="muted">Plus the usage reported so far this period (more may be added before the renewal):</p>
          <Lines caption="Usage so far" lines={next.usage_lines} money={money} />
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
