"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { ChangeProductParams } from "@/lib/subscriptions/schemas";
import type { CatalogChoices } from "@/lib/subscriptions/read";
import { Form, type Field } from "@/components/forms/form";
import { changeProduct } from "../actions";
import { ChangeEstimatePanel } from "./change-estimate-panel";

/**
 * Subscription/ChangeProduct, with an estimate of the change (what it will invoice and credit, with
 * the components and coupons it keeps) before confirming. Another group's product needs the components removed.
 */
export function ChangeProductForm({
  brandId,
  subscription,
  products,
}: {
  brandId: string;
  subscription: { subscription_id: string; customer_account_id: string; product_id: string | null; attached_components: string; coupon_code: string };
  products: CatalogChoices["products"];
}) {
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>({});
  const onValues = useCallback((v: Record<string, string>) => setValues({ ...v }), []);
  const fields: Field[] = [
    {
      name: "product_id",
      label: "New product",
      required: true,
      options: [
        { value: "", label: "Choose a product…" },
        ...products.filter((p) => p.id !== subscription.product_id).map((p) => ({ value: p.id, label: `${p.name} (${p.price})` })),
      ],
    },
    {
      name: "remove_components",
      label: "Components",
      options: [
        { value: "N", label: "Keep them" },
        { value: "Y", label: "Remove them all" },
      ],
      hint: "A product of another group takes none of these components",
    },
    {
      name: "remove_coupons",
      label: "Coupons",
      options: [
        { value: "N", label: "Keep them" },
        { value: "Y", label: "Remove them all" },
      ],
    },
  ];
  // The change itself, estimated on the server by making it and rolling it back.
  const estimate = values.product_id
    ? {
        subscription_id: subscription.subscription_id,
        customer_account_id: subscription.customer_account_id,
        product_id: values.product_id,
        remove_components: values.remove_components || "N",
        remove_coupons: values.remove_coupons || "N",
      }
    : null;
  const back = `/dashboard/${brandId}/subscriptions/${subscription.subscription_id}`;
  return (
    <Form
      fields={fields}
      defaults={{ remove_components: "N", remove_coupons: "N" }}
      schema={ChangeProductParams.omit({ subscription_id: true, customer_account_id: true })}
      fixed={{ subscription_id: subscription.subscription_id, customer_account_id: subscription.customer_account_id }}
      onValues={onValues}
      submit={(input) => changeProduct(brandId, input)}
      onDone={() => {
        router.push(back);
        router.refresh();
      }}
      submitLabel="Change product"
      busyLabel="Changing…"
      cancelHref={back}
    >
      <ChangeEstimatePanel brandId={brandId} params={estimate} />
    </Form>
  );
}
