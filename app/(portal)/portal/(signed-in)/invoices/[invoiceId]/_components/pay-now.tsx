"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatAmount } from "@/lib/money";
import { payInvoice } from "../../../../_lib/billing-actions";
import { CardFields, EMPTY_PAY_METHOD, PAY_METHOD_FIELDS, savePayMethod, showError, type NewPayMethodFields } from "../../../../_components/pay-method-fields";
import "../../../../_components/billing.css";

type Method = { id: string; label: string; isDefault: boolean };
type Fields = NewPayMethodFields & { choice: string };

const NEW = "new";

/**
 * Pays the invoice's whole balance now with a saved pay method (the default chosen first) or a new
 * card, which is saved to the account and then charged. Renders nothing once nothing is due.
 */
export function PayNow({
  invoiceId,
  balanceCents,
  currency,
  balanceLabel,
  methods,
}: {
  invoiceId: string;
  balanceCents: number;
  /** The brand's currency: the amount is sent in it, as the API reads it. */
  currency: string;
  balanceLabel: string;
  methods: Method[];
}) {
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const first = methods.find((m) => m.isDefault) ?? methods[0];
  const form = useForm<Fields>({ defaultValues: { ...EMPTY_PAY_METHOD, choice: first?.id ?? NEW } });
  const choice = form.watch("choice");
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    let payMethodId = values.choice;
    if (values.choice === NEW) {
      const added = await savePayMethod({ ...values, pay_method_type: "CC" });
      if (!added.ok) return showError(form, added.error, PAY_METHOD_FIELDS);
      payMethodId = added.data.pay_method_id;
      // The card is on the account now: a failed payment is retried with it, not added twice.
      form.reset({ ...EMPTY_PAY_METHOD, choice: payMethodId });
    }
    const paid = await payInvoice({ invoice_id: invoiceId, pay_method_id: payMethodId, amount: formatAmount(balanceCents, currency) });
    if (!paid.ok) {
      form.setError("root", {
        message: values.choice === NEW ? `Your card was saved, but the payment did not go through: ${paid.error.message}` : paid.error.message,
      });
      if (values.choice === NEW) router.refresh();
      return;
    }
    // Stays mounted while the page is read again (the balance is then zero): the thanks stay on screen.
    setDone(`Thank you, we received your payment of ${balanceLabel}. This invoice is paid in full.`);
    router.refresh();
  });
  if (done)
    return (
      <div className="p-alert info" role="status">
        {done}
      </div>
    );
  if (balanceCents <= 0) return null;
  return (
    <section className="p-card" aria-labelledby="pay-heading" id="pay">
      <h2 id="pay-heading">Pay now</h2>
      <form onSubmit={onSubmit} noValidate aria-label="Pay this invoice">
        {errors.root ? (
          <div className="p-alert error" role="alert">
            {errors.root.message}
          </div>
        ) : null}
        <fieldset>
          <legend>Pay with</legend>
          <ul className="p-choices">
            {methods.map((m) => (
              <li key={m.id}>
                <label className="p-choice">
                  <input type="radio" value={m.id} {...form.register("choice")} />
                  <span className="p-choice-text">
                    <strong>{m.label}</strong>
                    {m.isDefault ? <span className="muted">Your default</span> : null}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="p-choice">
                <input type="radio" value={NEW} {...form.register("choice")} />
                <span className="p-choice-text">
                  <strong>A new card</strong>
                  <span className="muted">Saved to your pay methods for next time</span>
                </span>
              </label>
            </li>
          </ul>
        </fieldset>
        {choice === NEW ? <CardFields form={form} idPrefix="pay" /> : null}
        <button className="p-button" type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Paying…" : `Pay ${balanceLabel}`}
        </button>
      </form>
    </section>
  );
}
