"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { CreateSubscriptionParams } from "@/lib/subscriptions/schemas";
import type { CatalogChoices } from "@/lib/subscriptions/read";
import { choices, Form, YES_NO, type Field } from "@/components/forms/form";
import { createSubscription } from "../actions";
import { ComponentPicker, CouponPicker, componentsParam, type Chosen } from "./pickers";
import { EstimatePanel } from "./estimate-panel";

type Option = { value: string; label: string };

/**
 * New subscription: customer, product, components, coupons, pay method and billing, with a live
 * Estimate of what it costs before it is created. Choosing the customer reloads their pay methods.
 */
export function SubscriptionForm({
  brandId,
  payMethods,
  catalog,
  accountId,
}: {
  brandId: string;
  payMethods: Option[];
  catalog: CatalogChoices;
  accountId: string;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [values, setValues] = useState<Record<string, string>>({});
  const [components, setComponents] = useState<Chosen>({});
  const [coupons, setCoupons] = useState<string[]>([]);
  const product = catalog.products.find((p) => p.id === values.product_id);
  const groupComponents = product ? catalog.components.filter((c) => c.groupId === product.groupId) : [];

  const last = useRef<Record<string, string>>({});
  const onValues = useCallback(
    (v: Record<string, string>) => {
      const before = last.current;
      last.current = { ...v };
      // Another product's group has other components: start again.
      if (before.product_id !== undefined && v.product_id !== before.product_id) setComponents({});
      if (v.customer_account_id && v.customer_account_id !== accountId)
        router.replace(`${pathname}?customer_account_id=${v.customer_account_id}`, { scroll: false });
      setValues({ ...v });
    },
    [accountId, pathname, router],
  );

  const fields: Field[] = [
    { name: "customer_account_id", label: "Customer", required: true, kind: "account" },
    {
      name: "product_id",
      label: "Product",
      required: true,
      options: [{ value: "", label: "Choose a product…" }, ...catalog.products.map((p) => ({ value: p.id, label: `${p.name} (${p.price})` }))],
    },
    {
      name: "pay_method_id",
      label: "Pay method",
      options: [{ value: "", label: payMethods.length ? "None (the customer's default for renewals)" : "None on file" }, ...payMethods],
      hint: "Charged now for the initial cost unless billing is recorded as paid; must be verified",
    },
    { name: "auto_pay", label: "Auto pay renewals", required: true, options: [...YES_NO].reverse() },
    {
      name: "override_initial_billing",
      label: "Initial invoice",
      required: true,
      options: choices(["N", "Charge the pay method now"], ["Y", "Mark paid (taken elsewhere)"]),
    },
    { name: "custom_field_1", label: "Custom field 1" },
  ];

  const extra = useMemo(
    () => ({
      ...(Object.keys(components).length ? { attached_components: componentsParam(components) } : {}),
      ...(coupons.length ? { coupon_code: coupons.join(",") } : {}),
    }),
    [components, coupons],
  );
  const estimateParams =
    values.customer_account_id && values.product_id
      ? Object.fromEntries(
          Object.entries({
            customer_account_id: values.customer_account_id,
            product_id: values.product_id,
            pay_method_id: values.pay_method_id ?? "",
            override_initial_billing: values.override_initial_billing ?? "",
            ...extra,
          }).filter(([, v]) => v),
        )
      : null;

  return (
    <Form
      fields={fields}
      defaults={{ customer_account_id: accountId, auto_pay: "Y", override_initial_billing: "N" }}
      schema={CreateSubscriptionParams}
      extra={extra}
      onValues={onValues}
      submit={(input) => createSubscription(brandId, input)}
      onDone={(data) => {
        router.push(`/dashboard/${brandId}/subscriptions/${(data as { subscription_id: string }).subscription_id}`);
        router.refresh();
      }}
      submitLabel="Create subscription"
      busyLabel="Creating…"
      cancelHref={`/dashboard/${brandId}/subscriptions`}
    >
      {product && <ComponentPicker components={groupComponents} chosen={components} onChange={setComponents} />}
      <CouponPicker coupons={catalog.coupons} chosen={coupons} onChange={setCoupons} />
      <EstimatePanel brandId={brandId} params={estimateParams} />
    </Form>
  );
}
