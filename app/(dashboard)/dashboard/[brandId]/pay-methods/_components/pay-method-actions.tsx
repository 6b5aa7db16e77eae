"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { fieldMessage } from "@/components/forms/form";
import type { PayMethodRead } from "@/lib/pay-methods/read";
import { deletePayMethod, setDefaultPayMethod, verifyPayMethod } from "../actions";

/** The pay method's read row (lib/pay-methods/read.ts), what the buttons need of it, and its name in words. */
interface Method extends Pick<PayMethodRead, "id" | "customerAccountId" | "type" | "verified" | "isDefault"> {
  label: string;
}

/** Verify a card, set default and delete, each behind a dialog saying what happens. */
export function PayMethodActions({ brandId, method }: { brandId: string; method: Method }) {
  const run = useConfirmAction();
  const ref = { pay_method_id: method.id, customer_account_id: method.customerAccountId };
  return (
    <>
      {!method.verified && method.type === "CC" && (
        <ConfirmButton label="Verify" title={`Verify ${method.label}?`} confirmLabel="Verify card" onConfirm={run(() => verifyPayMethod(brandId, ref))}>
          <p>The card is checked with its gateway (nothing is charged). Once verified it can be charged.</p>
        </ConfirmButton>
      )}
      {!method.isDefault && (
        <ConfirmButton
          label="Make default"
          title={`Make ${method.label} the default?`}
          confirmLabel="Make default"
          onConfirm={run(() => setDefaultPayMethod(brandId, ref))}
        >
          <p>Renewals of this customer&apos;s subscriptions with auto pay and no pay method of their own are charged to it.</p>
        </ConfirmButton>
      )}
      <ConfirmButton
        label="Delete"
        title={`Delete ${method.label}?`}
        confirmLabel="Delete pay method"
        danger
        onConfirm={run(() => deletePayMethod(brandId, ref), `/dashboard/${brandId}/pay-methods`)}
      >
        <p>It can no longer be charged. Subscriptions that used it fall back to the customer&apos;s default pay method for renewals.</p>
      </ConfirmButton>
    </>
  );
}

/** PayMethod/Verify for a bank account: the two micro-deposit amounts the customer saw. */
export function VerifyBankForm({ brandId, method }: { brandId: string; method: Method }) {
  const router = useRouter();
  const [amounts, setAmounts] = useState({ amount_1: "", amount_2: "" });
  const [error, setError] = useState<{ message: string; parameter: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const r = await verifyPayMethod(brandId, { pay_method_id: method.id, customer_account_id: method.customerAccountId, ...amounts });
        setBusy(false);
        if (!r.ok) return setError({ message: r.error.message, parameter: r.error.parameter });
        setError(null);
        router.refresh();
      }}
    >
      {(["amount_1", "amount_2"] as const).map((name, i) => (
        <div key={name} className="field">
          <label htmlFor={name}>{i === 0 ? "First deposit" : "Second deposit"}</label>
          <input
            id={name}
            inputMode="decimal"
            placeholder="0.32"
            value={amounts[name]}
            aria-invalid={error?.parameter === name}
            aria-describedby={error?.parameter === name ? "verify-error" : undefined}
            onChange={(e) => setAmounts({ ...amounts, [name]: e.target.value.trim() })}
          />
        </div>
      ))}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? "Verifying…" : "Verify bank account"}
      </button>
      {error && (
        <p className="field-error span-all" id="verify-error" role="alert">
          {fieldMessage(error.message)}
        </p>
      )}
    </form>
  );
}
