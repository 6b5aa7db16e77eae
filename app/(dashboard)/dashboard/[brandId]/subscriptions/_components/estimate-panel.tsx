"use client";

import { useEffect, useRef, useState } from "react";
import { estimateSubscription } from "../actions";

interface Line {
  name: string;
  quantity: number;
  amount: string;
}
interface Estimate {
  upfront_total: string;
  upfront_lines: Line[];
  trial: string;
  next_renewal_date: string | null;
  next_renewal_total: string | null;
  next_renewal_total_with_auto_pay: string | null;
  pay_method_status: string | null;
}

/**
 * Said on every estimate, whatever the brand's rates: Subscription/Estimate never includes tax (spec,
 * behaviour 5), and whether an invoice will carry any depends on the customer and on rates that may
 * change before it is issued.
 */
export const BEFORE_TAX = "Amounts are before tax: the invoice adds the tax that applies to the customer, if any.";

/**
 * Subscription/Estimate for the terms as they stand, asked again (debounced) whenever they change;
 * an answer that arrives after a newer question is dropped. Announced politely to screen readers.
 */
export function EstimatePanel({ brandId, params, title = "Estimate" }: { brandId: string; params: Record<string, string> | null; title?: string }) {
  const [state, setState] = useState<{ loading: boolean; estimate: Estimate | null; error: string | null }>({ loading: false, estimate: null, error: null });
  const asked = useRef(0);
  const key = params ? JSON.stringify(params) : "";
  useEffect(() => {
    if (!key) return;
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true }));
      const r = await estimateSubscription(brandId, JSON.parse(key));
      if (n !== asked.current) return;
      setState(r.ok ? { loading: false, estimate: r.data as unknown as Estimate, error: null } : { loading: false, estimate: null, error: r.error.message });
    }, 300);
    return () => clearTimeout(timer);
  }, [brandId, key]);

  return (
    <section className="estimate span-all" aria-labelledby="estimate-title" aria-live="polite" aria-busy={state.loading}>
      <h2 id="estimate-title">{title}</h2>
      {!params ? (
        <p className="muted">Choose a customer and a product to see what they will pay.</p>
      ) : state.error ? (
        <p className="alert error">{state.error}</p>
      ) : !state.estimate ? (
        <p className="muted">Estimating…</p>
      ) : (
        <>
          <dl className="details" data-testid="estimate">
            <dt>Due now</dt>
            <dd className="num">
              <strong>{state.estimate.upfront_total}</strong> before tax
              {state.estimate.trial === "Y" ? " (trial)" : ""}
            </dd>
            <dt>Next renewal</dt>
            <dd>
              {state.estimate.next_renewal_date
                ? `${state.estimate.next_renewal_date}: ${state.estimate.next_renewal_total} before tax (${state.estimate.next_renewal_total_with_auto_pay} with auto pay)`
                : "None (a one-time purchase)"}
            </dd>
            {state.estimate.pay_method_status && (
              <>
                <dt>Pay method</dt>
                <dd>{state.estimate.pay_method_status}</dd>
              </>
            )}
          </dl>
          {state.estimate.upfront_lines.length > 0 && (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Charges due now">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Charge now</th>
                    <th scope="col" className="num">
                      Qty
                    </th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.estimate.upfront_lines.map((l, i) => (
                    <tr key={i}>
                      <td>{l.name}</td>
                      <td className="num">{l.quantity}</td>
                      <td className="num">{l.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="hint">{BEFORE_TAX}</p>
        </>
      )}
    </section>
  );
}
