"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  BankFields,
  CardFields,
  EMPTY_PAY_METHOD,
  PAY_METHOD_FIELDS,
  savePayMethod,
  showError,
  type NewPayMethodFields,
} from "../../../_components/pay-method-fields";

/** Adds a card (checked with the gateway at once) or a bank account (verified later by its micro-deposits). */
export function AddPayMethod() {
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<NewPayMethodFields>({ defaultValues: EMPTY_PAY_METHOD });
  const type = form.watch("pay_method_type");
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    const answer = await savePayMethod(values);
    if (!answer.ok) return showError(form, answer.error, [...PAY_METHOD_FIELDS, "pay_method_type"]);
    form.reset({ ...EMPTY_PAY_METHOD, pay_method_type: values.pay_method_type });
    setDone(
      values.pay_method_type === "CC"
        ? "Card added."
        : "Bank account added. We are sending it two small deposits: once they arrive (1 to 2 business days), enter their amounts above to verify it.",
    );
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a pay method">
      {done ? (
        <div className="p-alert info" role="status">
          {done}
        </div>
      ) : null}
      {errors.root ? (
        <div className="p-alert error" role="alert">
          {errors.root.message}
        </div>
      ) : null}
      <fieldset>
        <legend>Type</legend>
        <div className="p-inline">
          <label className="p-check">
            <input type="radio" value="CC" {...form.register("pay_method_type")} /> Card
          </label>
          <label className="p-check">
            <input type="radio" value="BA" {...form.register("pay_method_type")} /> Bank account
          </label>
        </div>
      </fieldset>
      {type === "CC" ? <CardFields form={form} idPrefix="add" /> : <BankFields form={form} idPrefix="add" />}
      <button className="p-button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Adding…" : type === "CC" ? "Add card" : "Add bank account"}
      </button>
    </form>
  );
}
