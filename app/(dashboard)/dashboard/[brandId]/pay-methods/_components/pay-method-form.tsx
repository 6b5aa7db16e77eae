"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { CreatePayMethodParams } from "@/lib/pay-methods/schemas";
import { choices, Form, YES_NO, type Field } from "@/components/forms/form";
import { createPayMethod } from "../actions";

type Option = { value: string; label: string };

const CARD: Field[] = [
  { name: "card_number", label: "Card number", required: true, autoComplete: "cc-number", inputMode: "numeric", wide: true },
  { name: "expiration_month", label: "Expiry month", required: true, autoComplete: "cc-exp-month", inputMode: "numeric", hint: "1 to 12" },
  { name: "expiration_year", label: "Expiry year", required: true, autoComplete: "cc-exp-year", inputMode: "numeric", hint: "Like 2030" },
  { name: "cvv", label: "Security code", autoComplete: "cc-csc", inputMode: "numeric" },
  { name: "holder_name", label: "Name on the card", autoComplete: "cc-name" },
];
const BANK: Field[] = [
  { name: "holder_name", label: "Account holder", required: true },
  { name: "routing_number", label: "Routing number", required: true, inputMode: "numeric", hint: "Nine digits (ABA)" },
  { name: "account_number", label: "Account number", required: true, inputMode: "numeric" },
  {
    name: "account_type",
    label: "Account type",
    options: choices(["checking", "Checking"], ["savings", "Savings"]),
  },
];

/**
 * PayMethod/Create: a card or a bank account. The numbers go to the verb in the server action,
 * which sends them to the gateway to tokenize: they are never stored or logged by us, and the
 * browser keeps them only in this form.
 */
export function PayMethodForm({ brandId, accountId, gateways }: { brandId: string; accountId: string; gateways: Option[] }) {
  const router = useRouter();
  const [type, setType] = useState("CC");
  const onValues = useCallback((v: Record<string, string>) => setType(v.pay_method_type || "CC"), []);
  const fields: Field[] = [
    { name: "customer_account_id", label: "Customer", required: true, kind: "account" },
    {
      name: "pay_method_type",
      label: "Type",
      required: true,
      options: choices(["CC", "Card"], ["BA", "Bank account (ACH)"]),
    },
    { name: "gateway_id", label: "Gateway", options: [{ value: "", label: "The brand's default for this type" }, ...gateways] },
    {
      name: "require_verification",
      label: "Require verification",
      options: [...YES_NO].reverse(),
      hint: type === "BA" ? "Yes: two micro-deposits are sent, to confirm on the pay method's page" : "Yes: the card is checked with the gateway at once",
    },
    ...(type === "BA" ? BANK : CARD),
  ];
  return (
    <Form
      fields={fields}
      defaults={{ customer_account_id: accountId, pay_method_type: "CC", require_verification: "Y", account_type: "checking" }}
      schema={CreatePayMethodParams}
      onValues={onValues}
      submit={(input) => {
        // Only the chosen type's fields: a card's number never travels with a bank account.
        const keep = new Set(fields.map((f) => f.name));
        return createPayMethod(brandId, Object.fromEntries(Object.entries(input).filter(([k]) => keep.has(k))));
      }}
      onDone={(data) => {
        router.push(`/dashboard/${brandId}/pay-methods/${(data as { pay_method_id: string }).pay_method_id}`);
        router.refresh();
      }}
      submitLabel="Add pay method"
      busyLabel="Adding…"
      cancelHref={`/dashboard/${brandId}/pay-methods`}
    />
  );
}
