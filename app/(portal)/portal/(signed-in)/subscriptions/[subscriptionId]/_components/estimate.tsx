"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionError, ActionResult } from "@/lib/auth/portal-action";
import { estimateSubscription } from "../../../../_lib/billing-actions";

/** What Subscription/Estimate answers (the part the portal shows): amounts as the API writes them ("25.00"). */
export interface Estimate {
  next_renewal_total: string | null;
  next_renewal_total_with_auto_pay: string | null;
  next_renewal_lines: { kind: string; name: string; quantity: number; unit_price: string; amount: string }[];
}

/** The terms of the subscription as it would be after a change: what Estimate prices. */
export interface Terms {
  product_id: string;
  components: { component_id: string; units: number }[];
  coupons: string[];
}

export const cents = (amount: string | null) => (amount === null ? null : Math.round(Number(amount) * 100));

/**
 * Estimates terms; when only the coupons already on the subscription make Estimate refuse (one
 * that no longer qualifies for a new subscription), the estimate is made without them and says so.
 */
export async function estimate(terms: Terms, opts: { newCoupon?: boolean } = {}): Promise<ActionResult<{ estimate: Estimate; withoutCoupons: boolean }>> {
  const ask = (coupons: string[]) =>
    estimateSubscription({
      product_id: terms.product_id,
      attached_components: JSON.stringify(terms.components),
      coupon_code: coupons.join(","),
    }) as Promise<ActionResult<Estimate>>;
  const first = await ask(terms.coupons);
  if (first.ok) return { ok: true, data: { estimate: first.data, withoutCoupons: false } };
  if (first.error.parameter === "coupon_code" && terms.coupons.length && !opts.newCoupon) {
    const again = await ask([]);
    if (again.ok) return { ok: true, data: { estimate: again.data, withoutCoupons: true } };
  }
  return first;
}

export type Preview = { estimate: Estimate; withoutCoupons: boolean };

/**
 * A change in two steps: preview (Estimate's answer next to what renews now), then confirm. The
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
    /** Estimates the terms; a refusal goes to onRefused (a field) or is shown. */
    async ask(terms: Terms, opts: { newCoupon?: boolean; onRefused?: (e: ActionError) => void } = {}) {
      setBusy(true);
      setError(null);
      setDone(null);
      const answer = await estimate(terms, opts);
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

export function EstimatePreview({
  preview,
  autoPay,
  currentCents,
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
  autoPay: boolean;
  currentCents: number | null;
  renewal: string | null;
  money: (cents: number) => string;
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const e = preview.estimate;
  const next = cents(autoPay ? e.next_renewal_total_with_auto_pay : e.next_renewal_total);
  return (
    <div className="p-preview" role="region" aria-label={title} aria-live="polite">
      <h3>{title}</h3>
      {next === null ? (
        <p>This plan is a one-time purchase: it does not renew.</p>
      ) : (
        <p>
          {renewal ? `From your next renewal on ${renewal}` : "Each renewal"}, you would pay <strong data-testid="estimate-total">{money(next)}</strong>
          {currentCents !== null ? (
            <>
              {" "}
              instead of <strong>{money(currentCents)}</strong>
            </>
          ) : null}
          . The current period is not prorated.
        </p>
      )}
      {e.next_renewal_lines.length ? (
        <div className="p-table-wrap">
          <table className="p-table">
            <caption className="skip">Next renewal, line by line</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {e.next_renewal_lines.map((l, n) => (
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
      ) : null}
      {preview.withoutCoupons ? <p className="muted">This estimate leaves out the coupons on your subscription.</p> : null}
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
