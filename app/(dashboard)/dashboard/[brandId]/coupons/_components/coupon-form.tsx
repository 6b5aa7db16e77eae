"use client";

import { CreateCouponParams, UpdateCouponParams } from "@/lib/catalog/schemas";
import { Form, type Field, type FormValues } from "@/components/forms/form";
import type { FilterOption } from "@/components/data-table/data-table";
import { createCoupon, updateCoupon } from "../actions";

const fields = (products: FilterOption[]): Field[] => [
  { name: "coupon_code", label: "Code", required: true, hint: "What customers enter: letters, digits, - and _" },
  { name: "name", label: "Name", required: true },
  {
    name: "discount_type",
    label: "Discount type",
    required: true,
    kind: "select",
    options: [
      { value: "percent", label: "Percent off" },
      { value: "amount", label: "Amount off" },
    ],
  },
  { name: "discount_value", label: "Discount", required: true, kind: "money", hint: "A percent (0.01 to 100) or an amount in the brand's currency" },
  {
    name: "duration",
    label: "Applies to",
    required: true,
    kind: "select",
    options: [
      { value: "once", label: "The first period only" },
      { value: "forever", label: "Every period" },
      { value: "cycles", label: "A number of periods" },
    ],
  },
  {
    name: "duration_cycles",
    label: "Number of periods",
    kind: "integer",
    hint: "Required when it applies to a number of periods",
    showIf: (v) => v.duration === "cycles",
  },
  { name: "expiration_date", label: "Last day it can be used", hint: "M/D/YYYY, like 12/31/2026; empty for no end" },
  { name: "max_redemptions", label: "Most redemptions", kind: "integer", hint: "Empty for no limit" },
  { name: "stackable", label: "Combines with other coupons", required: true, kind: "flag" },
  { name: "product_ids", label: "Only for these products", kind: "checks", options: products, wide: true, hint: "None chosen: any product" },
];

const NEW: FormValues = {
  coupon_code: "",
  name: "",
  discount_type: "percent",
  discount_value: "",
  duration: "once",
  duration_cycles: "",
  expiration_date: "",
  max_redemptions: "",
  stackable: "N",
  product_ids: "",
};

/** Create or edit a coupon; edit sends the required fields again (harmless) and what changed. */
export function CouponForm({ brandId, products, coupon }: { brandId: string; products: FilterOption[]; coupon?: FormValues }) {
  const base = `/dashboard/${brandId}/coupons`;
  return (
    <Form
      fields={fields(products)}
      schema={coupon ? UpdateCouponParams : CreateCouponParams}
      defaults={coupon ?? NEW}
      fixed={coupon ? { coupon_id: coupon.coupon_id } : undefined}
      editing={Boolean(coupon)}
      submit={(input) => (coupon ? updateCoupon(brandId, input) : createCoupon(brandId, input))}
      submitLabel={coupon ? "Save changes" : "Create coupon"}
      cancelHref={coupon ? `${base}/${coupon.coupon_id}` : base}
      savedHref={(c) => `${base}/${c.coupon_id}`}
    />
  );
}
