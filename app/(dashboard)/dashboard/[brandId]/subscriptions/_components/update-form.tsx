"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { UpdateSubscriptionParams } from "@/lib/subscriptions/schemas";
import type { CatalogChoices } from "@/lib/subscriptions/read";
import { Form, YES_NO, type Field } from "@/components/forms/form";
import { updateSubscription } from "../actions";
import { ComponentPicker, CouponPicker, componentsParam, type Chosen } from "./pickers";

type Option = { value: string; label: string };

/**
 * Subscription/Update: auto pay, pay method, component units and coupons. Components and coupons
 * are sent only when changed (sent, they replace the whole list); changes apply at once.
 */
export function UpdateSubscriptionForm({
  brandId,
  subscription,
  payMethods,
  components,
  coupons,
}: {
  brandId: string;
  subscription: { subscription_id: string; customer_account_id: string; auto_pay: string; pay_method_id: string; components: Chosen; coupons: string[] };
  payMethods: Option[];
  components: CatalogChoices["components"];
  coupons: CatalogChoices["coupons"];
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Chosen>(subscription.components);
  const [codes, setCodes] = useState<string[]>(subscription.coupons);
  const fields: Field[] = [
    { name: "auto_pay", label: "Auto pay renewals", required: true, options: [...YES_NO].reverse() },
    { name: "pay_method_id", label: "Pay method for renewals", options: [{ value: "", label: "The customer's default" }, ...payMethods] },
  ];
  const extra = useMemo(() => {
    const out: Record<string, string> = {};
    if (JSON.stringify(chosen) !== JSON.stringify(subscription.components)) out.attached_components = componentsParam(chosen);
    if (codes.join(",") !== subscription.coupons.join(",")) out.coupon_code = codes.join(",");
    return out;
  }, [chosen, codes, subscription]);
  const back = `/dashboard/${brandId}/subscriptions/${subscription.subscription_id}`;
  // The coupons on the subscription stay listed even when no longer active, so they can be taken off.
  const couponChoices = [
    ...coupons,
    ...subscription.coupons.filter((c) => !coupons.some((x) => x.code === c)).map((code) => ({ code, name: "", stackable: false })),
  ];
  return (
    <Form
      fields={fields}
      defaults={{ auto_pay: subscription.auto_pay, pay_method_id: subscription.pay_method_id }}
      schema={UpdateSubscriptionParams.omit({ subscription_id: true, customer_account_id: true })}
      fixed={{ subscription_id: subscription.subscription_id, customer_account_id: subscription.customer_account_id }}
      extra={extra}
      editing
      submit={(input) => updateSubscription(brandId, input)}
      onDone={() => {
        router.push(back);
        router.refresh();
      }}
      submitLabel="Save changes"
      cancelHref={back}
    >
      <ComponentPicker components={components} chosen={chosen} onChange={setChosen} />
      <CouponPicker coupons={couponChoices} chosen={codes} onChange={setCodes} />
    </Form>
  );
}
