"use client";

import { useEffect, useRef, useState } from "react";
import type { ChangeEstimateView } from "@/lib/subscriptions/estimate-change";
import { estimateChangeProduct } from "../actions";
import { BEFORE_TAX } from "./estimate-panel";

type NextInvoice = NonNullable<ChangeEstimateView["after"]>;

function InvoiceLines({ label, lines }: { label: string; lines: NextInvoice["lines"] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td>{l.name}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{l.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An amount of the estimate ("0.00", "0" in a currency without decimals) that is not zero. */
const nonZero = (amount: string) => Number(amount) !== 0;

/**
 * The estimate of a change to this subscription (the change made and rolled back on the server),
 * asked again (debounced) whenever the form changes; an answer that arrives after a newer question
 * is dropped. Shows the next invoice before and after, what will be due on it, and any amount moved
 * to or taken back from the prepaid balance. Announced politely to screen readers.
 */
export function ChangeEstimatePanel({ brandId, params }: { brandId: string; params: Record<string, string> | null }) {
  const [state, setState] = useState<{ loading: boolean; estimate: ChangeEstimateView | null; error: string | null }>({
    loading: false,
    estimate: null,
    error: null,
  });
  const asked = useRef(0);
  const key = params ? JSON.stringify(params) : "";
  useEffect(() => {
    if (!key) return;
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true }));
      const r = await estimateChangeProduct(brandId, JSON.parse(key));
      if (n !== asked.current) return;
      setState(
        r.ok ? { loading: false, estimate: r.data as unknown as ChangeEstimateView, error: null } : { loading: false, estimate: null, error: r.error.message },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [brandId, key]);

  const e = state.estimate;
  return (
    <section className="estimate span-all" aria-labelledby="estimate-title" aria-live="polite" aria-busy={state.loading}>
      <h2 id="estimate-title">Estimate of the change</h2>
      {!params ? (
        <p className="muted">Choose a product to see what the change will invoice.</p>
      ) : state.error ? (
        <p className="alert error">{state.error}</p>
      ) : !e ? (
        <p className="muted">Estimating…</p>
      ) : (
        <>
          <dl className="details" data-testid="estimate">
            <dt>Charged now</dt>
            <dd className="num" data-testid="estimate-now">
              {e.charged_now}
              {nonZero(e.charged_now) ? ` before tax (the ${e.proration_days_left} days left of ${e.proration_period_days} in this period, prorated)` : ""}
            </dd>
            {nonZero(e.prorated_credit) && (
              <>
                <dt>Credited now (prorated)</dt>
                <dd className="num">
                  {e.prorated_credit} (the {e.proration_days_left} days left of {e.proration_period_days} in this period)
                </dd>
              </>
            )}
            <dt>Next invoice</dt>
            <dd>
              {e.after ? (
                <>
                  {e.after.renewal_date}: <strong data-testid="estimate-next-total">{e.after.total}</strong> before tax
                  {e.before ? ` (now ${e.before.total})` : ""}
                  {e.after.generated === "Y"
                    ? e.after.final === "Y"
                      ? `; issued and paid already, so its lines stay as issued (${e.after.issued_total}) and the change is billed beside it: ${e.after.paid} paid, ${e.after.balance} due`
                      : `; issued already and repriced: ${e.after.paid} paid, ${e.after.balance} due`
                    : ""}
                </>
              ) : (
                "None: it will not renew"
              )}
            </dd>
            {nonZero(e.adjustment_invoiced) && (
              <>
                <dt>Invoiced beside the paid renewal invoice</dt>
                <dd className="num">{e.adjustment_invoiced} (a new invoice adding to it, charged with the renewal)</dd>
              </>
            )}
            {nonZero(e.adjustment_withdrawn) && (
              <>
                <dt>No longer invoiced beside it</dt>
                <dd className="num">{e.adjustment_withdrawn} (an unpaid invoice adding to it, made smaller or withdrawn)</dd>
              </>
            )}
            {nonZero(e.repriced_credit) && (
              <>
                <dt>Credit note on the paid renewal invoice</dt>
                <dd className="num">{e.repriced_credit}</dd>
              </>
            )}
            {nonZero(e.prepaid_credit) && (
              <>
                <dt>To the prepaid balance</dt>
                <dd className="num">{e.prepaid_credit}</dd>
              </>
            )}
            {nonZero(e.prepaid_taken_back) && (
              <>
                <dt>Taken back from the prepaid balance</dt>
                <dd className="num">{e.prepaid_taken_back}</dd>
              </>
            )}
          </dl>
          {e.after && e.after.lines.length > 0 && (
            <InvoiceLines label={e.after.final === "Y" ? "The period, as priced after the change" : "Next invoice"} lines={e.after.lines} />
          )}
          {e.after && e.after.usage_lines.length > 0 && <InvoiceLines label="Usage reported so far (added at the renewal)" lines={e.after.usage_lines} />}
          <p className="hint">{BEFORE_TAX}</p>
        </>
      )}
    </section>
  );
}
