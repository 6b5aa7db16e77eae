"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import { formatsFor } from "@/lib/format";
import type { SubscriptionChoices } from "@/lib/portal/queries";
import { planName } from "../../../../_components/status";
import type { SubscriptionRead } from "@/lib/subscriptions/read";
import { cancelSubscription, changePlan, estimateChangePlan, estimateUpdate, updateAutoPay, updateSubscription } from "../../../../_lib/billing-actions";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { EstimatePreview, useChange, type Preview } from "./estimate";
import type { ActionResult } from "@/lib/actions/define-action";
import "../../../../_components/billing.css";

type Method = { id: string; label: string; isDefault: boolean };

export interface ManageProps {
  subscription: SubscriptionRead;
  choices: SubscriptionChoices;
  methods: Method[];
  locale: string;
  timeZone: string;
  /** Today in the customer's time zone, as words ("Nov 25, 2026"). */
  today: string;
}

/** Changing a subscription: plan, add-ons, coupon, automatic payment, and cancelling it. */
export function ManageSubscription(props: ManageProps) {
  const { subscription: s, locale, timeZone } = props;
  const f = useMemo(() => formatsFor(locale, timeZone, s.currency), [locale, timeZone, s.currency]);
  // What the subscription is made of now: every change starts from it and changes one thing.
  const terms: Terms = {
    components: s.components.map((c) => ({ component_id: c.componentId, units: c.units })),
    coupons: s.coupons.map((c) => c.couponCode),
  };
  const shared = { ...props, f, terms };
  return (
    <>
      {s.productId && props.choices.plans.length > 1 ? <PlanSection {...shared} /> : null}
      {s.productId && props.choices.addOns.length ? <AddOnsSection {...shared} /> : null}
      {s.productId ? <CouponSection {...shared} /> : null}
      <AutoPaySection {...shared} />
      <CancelSection {...shared} />
    </>
  );
}

interface Terms {
  components: { component_id: string; units: number }[];
  coupons: string[];
}
type Shared = ManageProps & { f: ReturnType<typeof formatsFor>; terms: Terms };
/** The estimate actions answer the estimate's read row; typed here once. */
const asPreview = (answer: Promise<ActionResult<unknown>>) => answer as Promise<ActionResult<Preview>>;

function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className="p-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note ? <p className="p-section-note">{note}</p> : null}
      {children}
    </section>
  );
}

function Done({ message }: { message: string | null }) {
  return message ? (
    <div className="p-alert info" role="status">
      {message}
    </div>
  ) : null;
}

function Problem({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="p-alert error" role="alert">
      {message}
    </div>
  ) : null;
}

const autoPayFlag = (s: SubscriptionRead) => (s.autoPay ? "Y" : "N");

function previewProps(p: Shared, change: ReturnType<typeof useChange>) {
  return {
    date: p.f.date,
    money: p.f.money,
    busy: change.busy,
    error: change.error,
    onBack: change.back,
  };
}

function PlanSection(p: Shared) {
  const { subscription: s, choices, f } = p;
  const change = useChange();
  const [chosen, setChosen] = useState(s.productId ?? "");
  const plan = choices.plans.find((x) => x.id === chosen);
  return (
    <Section id="plan" title="Change plan" note="Choose another plan; you see what it costs before anything changes.">
      <Done message={change.done} />
      <fieldset disabled={change.busy || change.preview !== null}>
        <legend className="skip">Plans</legend>
        <ul className="p-choices">
          {choices.plans.map((x) => (
            <li key={x.id}>
              <label className="p-choice">
                <input type="radio" name="plan" value={x.id} checked={chosen === x.id} onChange={() => setChosen(x.id)} />
                <span className="p-choice-text">
                  <strong>
                    {x.name} {x.current ? <span className="p-badge plain">Current plan</span> : null}
                  </strong>
                  <span className="muted">{x.description}</span>
                </span>
                <span className="p-choice-price">
                  {f.money(x.recurringPriceCents)}
                  <span className="muted p-choice-period">{x.period}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {change.preview && plan ? (
        <EstimatePreview
          {...previewProps(p, change)}
          preview={change.preview}
          title={`${plan.name}: what you would pay`}
          confirmLabel={`Switch to ${plan.name}`}
          onConfirm={() => change.confirm(() => changePlan({ subscription_id: s.id, product_id: chosen }), `Your plan is now ${plan.name}.`)}
        />
      ) : (
        <>
          <Problem message={change.error} />
          <button
            type="button"
            className="p-button"
            disabled={!plan || plan.current || change.busy}
            onClick={() => change.ask(() => asPreview(estimateChangePlan({ subscription_id: s.id, product_id: chosen })))}
          >
            {change.busy ? "Estimating…" : "Preview the change"}
          </button>
        </>
      )}
    </Section>
  );
}

function AddOnsSection(p: Shared) {
  const { subscription: s, choices, f, terms } = p;
  const change = useChange();
  const initial = Object.fromEntries(choices.addOns.map((a) => [a.id, a.units ?? 0]));
  const [units, setUnits] = useState<Record<string, number>>(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const wanted = choices.addOns.filter((a) => (units[a.id] ?? 0) > 0).map((a) => ({ component_id: a.id, units: units[a.id] }));
  const unchanged = JSON.stringify(wanted) === JSON.stringify(terms.components);
  const price = (a: SubscriptionChoices["addOns"][number]) =>
    a.type === "traditional" ? f.money(a.unitPriceCents) : `${f.money(a.unitPriceCents)} / unit${a.includedUnits ? `, ${a.includedUnits} included` : ""}`;
  return (
    <Section id="addons" title="Add-ons" note="Add or remove extras, or change how many units you have.">
      <Done message={change.done} />
      <fieldset disabled={change.busy || change.preview !== null}>
        <legend className="skip">Add-ons</legend>
        <ul className="p-choices">
          {choices.addOns.map((a) => {
            const on = (units[a.id] ?? 0) > 0;
            return (
              <li key={a.id}>
                <label className="p-choice">
                  {a.type === "quantitative" ? (
                    <input
                      type="number"
                      min={0}
                      max={a.maximumUnits ?? undefined}
                      step={1}
                      value={units[a.id] ?? 0}
                      aria-label={`${a.name}: units`}
                      onChange={(e) => setUnits({ ...units, [a.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                    />
                  ) : (
                    <input type="checkbox" checked={on} onChange={(e) => setUnits({ ...units, [a.id]: e.target.checked ? 1 : 0 })} />
                  )}
                  <span className="p-choice-text">
                    <strong>
                      {a.name} {a.units !== null ? <span className="p-badge plain">On your plan</span> : null}
                    </strong>
                    <span className="muted">{a.description}</span>
                  </span>
                  <span className="p-choice-price">{price(a)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {change.preview ? (
        <EstimatePreview
          {...previewProps(p, change)}
          preview={change.preview}
          title="Your add-ons: what you would pay"
          confirmLabel="Save add-ons"
          onConfirm={() =>
            change.confirm(
              () => updateSubscription({ subscription_id: s.id, attached_components: JSON.stringify(wanted), auto_pay: autoPayFlag(s) }),
              "Your add-ons are saved.",
            )
          }
        />
      ) : (
        <>
          <Problem message={fieldError ?? change.error} />
          <button
            type="button"
            className="p-button"
            disabled={unchanged || change.busy}
            onClick={() => (
              setFieldError(null),
              change.ask(() => asPreview(estimateUpdate({ subscription_id: s.id, attached_components: JSON.stringify(wanted), auto_pay: autoPayFlag(s) })), {
                onRefused: (e) => setFieldError(e.message),
              })
            )}
          >
            {change.busy ? "Estimating…" : "Preview the change"}
          </button>
        </>
      )}
    </Section>
  );
}

function CouponSection(p: Shared) {
  const { subscription: s, terms } = p;
  const change = useChange();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const codes = [...terms.coupons, code.trim()];
  const errorId = "coupon-error";
  return (
    <Section id="coupon" title="Coupon" note={s.coupons.length ? `On your subscription: ${s.coupons.map((c) => c.couponCode).join(", ")}.` : undefined}>
      <Done message={change.done} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim()) return setFieldError("Enter a coupon code.");
          setFieldError(null);
          change.ask(() => asPreview(estimateUpdate({ subscription_id: s.id, coupon_code: codes.join(","), auto_pay: autoPayFlag(s) })), {
            onRefused: (err) =>
              setFieldError(
                err.code === "NOT_FOUND"
                  ? "No coupon has that code. Check it and try again."
                  : err.message.replace(/^coupon_code /, "").replace(/^./, (c) => c.toUpperCase()),
              ),
          });
        }}
      >
        <div className="p-inline">
          <label className="p-field">
            <span>Coupon code</span>
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={change.busy || change.preview !== null}
              autoComplete="off"
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? errorId : undefined}
            />
          </label>
          {change.preview ? null : (
            <button type="submit" className="p-button" disabled={change.busy}>
              {change.busy ? "Checking…" : "Preview"}
            </button>
          )}
        </div>
        {fieldError ? (
          <small id={errorId} className="p-field-error">
            {fieldError}
          </small>
        ) : null}
      </form>
      {change.preview ? (
        <EstimatePreview
          {...previewProps(p, change)}
          preview={change.preview}
          title={`With coupon ${code.trim()}`}
          confirmLabel="Apply coupon"
          onConfirm={() =>
            change.confirm(async () => {
              const answer = await updateSubscription({ subscription_id: s.id, coupon_code: codes.join(","), auto_pay: autoPayFlag(s) });
              if (answer.ok) setCode("");
              return answer;
            }, `Coupon ${code.trim()} is applied.`)
          }
        />
      ) : (
        <Problem message={change.error} />
      )}
    </Section>
  );
}

function AutoPaySection({ subscription: s, methods }: Shared) {
  const router = useRouter();
  const [on, setOn] = useState(s.autoPay);
  const known = methods.some((m) => m.id === s.payMethodId);
  const [method, setMethod] = useState(known ? s.payMethodId! : "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const hasDefault = methods.some((m) => m.isDefault);
  const changed = on !== s.autoPay || method !== (known ? s.payMethodId : "");
  return (
    <Section id="autopay" title="Automatic payment">
      <Done message={done} />
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          setDone(null);
          const answer = await updateAutoPay({ subscription_id: s.id, auto_pay: on ? "Y" : "N", pay_method_id: on ? method : "" });
          setBusy(false);
          if (!answer.ok) return setError(answer.error.message);
          setDone(on ? "Renewals will be charged automatically." : "Automatic payment is off: you will pay each invoice yourself.");
          router.refresh();
        }}
      >
        <label className="p-check">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Charge renewals automatically
        </label>
        {on ? (
          methods.length === 0 ? (
            <p className="p-alert info">
              You have no verified pay method yet. <Link href="/portal/pay-methods">Add one</Link> so renewals can be charged.
            </p>
          ) : (
            <label className="p-field">
              <span>Pay with</span>
              <select value={method} onChange={(e) => setMethod(e.target.value)}>
                {known ? null : <option value="">{hasDefault ? "My default pay method" : "Choose a pay method"}</option>}
                {methods.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label}
                    {m.isDefault ? " (default)" : ""}
                  </option>
                ))}
              </select>
            </label>
          )
        ) : null}
        <Problem message={error} />
        <button type="submit" className="p-button" disabled={busy || !changed}>
          {busy ? "Saving…" : "Save"}
        </button>
      </form>
    </Section>
  );
}

function CancelSection({ subscription: s, f, today }: Shared) {
  const router = useRouter();
  return (
    <Section id="cancel" title="Cancel subscription">
      <p className="p-section-note" style={{ marginTop: 0 }}>
        Cancelling ends your subscription today. It cannot be undone.
      </p>
      <ConfirmButton
        look="portal"
        label="Cancel subscription"
        title={`Cancel ${planName(s)}?`}
        confirmLabel="Cancel subscription"
        danger
        buttonClass="p-button secondary"
        onConfirm={async () => {
          const answer = await cancelSubscription({ subscription_id: s.id });
          if (!answer.ok) return answer.error.message;
          router.push("/portal/subscriptions");
          router.refresh();
          return null;
        }}
      >
        <p>
          It ends <strong>today, {today}</strong>
          {s.nextRenewalCents !== null ? <>: it will not renew on {f.date(s.renewalDate)} and you will not be charged for it again</> : null}.
        </p>
        <p>Invoices already issued stay on your account. To come back later, you would subscribe again.</p>
      </ConfirmButton>
    </Section>
  );
}
