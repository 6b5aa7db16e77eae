"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Field, showError } from "../../../_components/pay-method-fields";
import { removePayMethod, setDefaultPayMethod, verifyPayMethod } from "../../../_lib/billing-actions";

type Method = { id: string; type: "CC" | "BA"; verified: boolean; isDefault: boolean; label: string };

/** Verify (a bank account's micro-deposits), make default, remove: what can be done with one saved pay method. */
export function PayMethodActions({ method }: { method: Method }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const makeDefault = async () => {
    setBusy(true);
    setError(null);
    const answer = await setDefaultPayMethod({ pay_method_id: method.id });
    setBusy(false);
    if (!answer.ok) setError(answer.error.message);
    else router.refresh();
  };
  return (
    <div className="p-method-actions">
      {method.type === "BA" && !method.verified ? <VerifyBankAccount id={method.id} label={method.label} /> : null}
      {error ? (
        <div className="p-alert error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="p-actions">
        {method.verified && !method.isDefault ? (
          <button type="button" className="p-button secondary" onClick={makeDefault} disabled={busy} aria-label={`Make ${method.label} the default`}>
            {busy ? "Saving…" : "Make default"}
          </button>
        ) : null}
        <ConfirmButton
          look="portal"
          label="Remove"
          ariaLabel={`Remove ${method.label}`}
          title={`Remove ${method.label}?`}
          confirmLabel="Remove"
          danger
          buttonClass="p-button secondary"
          onConfirm={async () => {
            const answer = await removePayMethod({ pay_method_id: method.id });
            if (!answer.ok) return answer.error.message;
            router.refresh();
            return null;
          }}
        >
          <p>It can no longer be charged. Payments already made with it stay on your invoices.</p>
          {method.isDefault ? (
            <p>
              <strong>It is your default.</strong> Renewals with automatic payment need another default pay method, or they will wait for you to pay them.
            </p>
          ) : null}
        </ConfirmButton>
      </div>
    </div>
  );
}

type Amounts = { amount_1: string; amount_2: string };

/** The two micro-deposit amounts the bank account received, to prove it is the customer's. */
function VerifyBankAccount({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const form = useForm<Amounts>({ defaultValues: { amount_1: "", amount_2: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await verifyPayMethod({ pay_method_id: id, ...values });
    if (!answer.ok && /do not match/.test(answer.error.message)) {
      return form.setError("root", { message: "Those amounts don't match the deposits we sent. Check your bank statement and try again." });
    }
    if (!answer.ok) return showError(form, answer.error, ["amount_1", "amount_2"]);
    router.refresh();
  });
  const prefix = `verify-${id}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Verify ${label}`}>
      <p className="p-section-note" style={{ margin: "0 0 8px" }}>
        Enter the two small deposits we sent to this account, like 0.32.
      </p>
      {form.formState.errors.root ? (
        <div className="p-alert error" role="alert">
          {form.formState.errors.root.message}
        </div>
      ) : null}
      <div className="p-inline">
        <Field form={form} idPrefix={prefix} name="amount_1" label="First deposit" inputMode="decimal" placeholder="0.00" />
        <Field form={form} idPrefix={prefix} name="amount_2" label="Second deposit" inputMode="decimal" placeholder="0.00" />
        <button className="p-button" type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Verifying…" : "Verify"}
        </button>
      </div>
    </form>
  );
}
