"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import { formatDate, formatMoney } from "@/lib/format";
import type { NewSubscriptionEstimate } from "@/lib/subscriptions/read";
import { LinesTable } from "@/components/ui/lines-table";
import { Facts } from "@/components/dashboard/detail";
import { estimateSubscription } from "../actions";

/**
 * Said on every estimate, whatever the brand's rates: Subscription/Estimate never includes tax (spec,
 * behaviour 5), and whether an invoice will carry any depends on the customer and on rates that may
 * change before it is issued.
 */
export const BEFORE_TAX = "Amounts are before tax: the invoice adds the tax that applies to the customer, if any.";

/**
 * A live estimate: `ask` (a server action) for the terms as they stand, asked again (debounced)
 * whenever they change; an answer that arrives after a newer question is dropped. Announced politely
 * to screen readers; `prompt` says what to choose before there are terms to estimate.
 */
export function EstimateBox<E>({
  brandId,
  params,
  ask,
  title,
  prompt,
  children,
}: {
  brandId: string;
  params: Record<string, string> | null;
  ask: (brandId: string, input: Record<string, string>) => Promise<ActionResult>;
  title: string;
  prompt: string;
  children: (estimate: E) => ReactNode;
}) {
  const [state, setState] = useState<{ loading: boolean; estimate: E | null; error: string | null }>({ loading: false, estimate: null, error: null });
  const asked = useRef(0);
  const key = params ? JSON.stringify(params) : "";
  useEffect(() => {
    if (!key) return;
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true }));
      const r = await ask(brandId, JSON.parse(key));
      if (n !== asked.current) return;
      setState(r.ok ? { loading: false, estimate: r.data as E, error: null } : { loading: false, estimate: null, error: r.error.message });
    }, 300);
    return () => clearTimeout(timer);
  }, [ask, brandId, key]);

  return (
    <section className="estimate span-all" aria-labelledby="estimate-title" aria-live="polite" aria-busy={state.loading}>
      <h2 id="estimate-title">{title}</h2>
      {!params ? (
        <p className="muted">{prompt}</p>
      ) : state.error ? (
        <p className="alert error">{state.error}</p>
      ) : !state.estimate ? (
        <p className="muted">Estimating…</p>
      ) : (
        <>
          {children(state.estimate)}
          <p className="hint">{BEFORE_TAX}</p>
        </>
      )}
    </section>
  );
}

/** Subscription/Estimate for a new subscription's terms: what is due now, line by line, and at the next renewal. */
export function EstimatePanel({ brandId, params, title = "Estimate" }: { brandId: string; params: Record<string, string> | null; title?: string }) {
  return (
    <EstimateBox<NewSubscriptionEstimate>
      brandId={brandId}
      params={params}
      ask={estimateSubscription}
      title={title}
      prompt="Choose a customer and a product to see what they will pay."
    >
      {(e) => <EstimateFacts e={e} />}
    </EstimateBox>
  );
}

/** A new subscription's estimate (its read row), formatted through lib/format.ts. */
export function EstimateFacts({ e }: { e: NewSubscriptionEstimate }) {
  const money = (cents: number) => formatMoney(cents, e.currency);
  const renewal = e.nextRenewal;
  return (
    <>
      <Facts
        testId="estimate"
        facts={[
          [
            "Due now",
            <>
              <strong>{money(e.upfrontCents)}</strong> before tax
              {e.trial ? " (trial)" : ""}
            </>,
            "num",
          ],
          [
            "Next renewal",
            renewal
              ? `${formatDate(renewal.date)}: ${money(renewal.totalCents)} before tax (${money(renewal.withAutoPayCents)} with auto pay)`
              : "None (a one-time purchase)",
          ],
          e.payMethodStatus && ["Pay method", e.payMethodStatus],
        ]}
      />
      {e.upfrontLines.length > 0 && (
        <LinesTable
          label="Charges due now"
          item="Charge now"
          lines={e.upfrontLines.map((l) => ({ name: l.name, quantity: l.quantity, amount: money(l.amountCents) }))}
        />
      )}
    </>
  );
}
