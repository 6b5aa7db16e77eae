"use client";

import { useCallback, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { CreatePaymentParams } from "@/lib/payments/schemas";
import { choices, Form, type Field } from "@/components/forms/form";
import { createPayment } from "../actions";

type Option = { value: string; label: string };

/**
 * Payment/Create: record money taken elsewhere (cash, check, a third party) or charge a pay method
 * now, to an invoice or to the prepaid balance. Choosing the customer reloads their invoices and
 * pay methods; the amount starts at the chosen invoice's balance.
 */
export function PaymentForm({
  brandId,
  accountId,
  invoices,
  invoiceId,
  payMethods,
}: {
  brandId: string;
  accountId: string;
  invoices: (Option & { balance: string })[];
  invoiceId: string;
  payMethods: Option[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [values, setValues] = useState<Record<string, string>>({});
  const onValues = useCallback(
    (v: Record<string, string>) => {
      if (v.customer_account_id && v.customer_account_id !== accountId)
        router.replace(`${pathname}?customer_account_id=${v.customer_account_id}`, { scroll: false });
      setValues({ ...v });
    },
    [accountId, pathname, router],
  );
  const recorded = (values.override_billing ?? "Y") === "Y";
  const fields: Field[] = [
    { name: "customer_account_id", label: "Customer", required: true, kind: "account" },
    { name: "invoice_id", label: "Apply to", options: [...invoices, { value: "", label: "The customer's prepaid balance" }] },
    {
      name: "override_billing",
      label: "Payment",
      required: true,
      options: choices(["Y", "Record a payment taken elsewhere"], ["N", "Charge a pay method now"]),
    },
    { name: "amount", label: "Amount", required: true, inputMode: "decimal", hint: "Like 25.00; at most the invoice's balance" },
    ...(recorded
      ? [
          { name: "payment_gateway", label: "Taken by", hint: "Like cash, check or PayPal" },
          { name: "payment_transaction_id", label: "Their transaction id" },
        ]
      : [{ name: "pay_method_id", label: "Pay method", options: [{ value: "", label: "The customer's default" }, ...payMethods] }]),
  ];
  const chosen = invoices.find((i) => i.value === (values.invoice_id ?? invoiceId));
  return (
    <Form
      key={accountId}
      fields={fields}
      defaults={{
        customer_account_id: accountId,
        invoice_id: invoiceId || (invoices[0]?.value ?? ""),
        override_billing: "Y",
        amount: chosen?.balance ?? invoices[0]?.balance ?? "",
      }}
      schema={CreatePaymentParams}
      extra={{ apply_to_prepaid_balance: (values.invoice_id ?? invoiceId) ? "N" : "Y" }}
      onValues={onValues}
      submit={(input) => createPayment(brandId, input)}
      onDone={(data) => {
        const d = data as { payment_id?: string; payment?: { payment_id: string } };
        const id = d.payment_id ?? d.payment?.payment_id;
        router.push(id ? `/dashboard/${brandId}/payments/${id}` : `/dashboard/${brandId}/payments`);
        router.refresh();
      }}
      submitLabel={recorded ? "Record payment" : "Charge now"}
      busyLabel={recorded ? "Recording…" : "Charging…"}
      cancelHref={invoiceId ? `/dashboard/${brandId}/invoices/${invoiceId}` : `/dashboard/${brandId}/payments`}
    />
  );
}
