"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { PRORATION_OPTIONS, UpdateBrandParams } from "@/lib/brands/schemas";
import { updateBrand } from "./actions";
import { CURRENCY_FIELD, DOCUMENT_FIELDS } from "../brands/_components/brand-form";

const FIELDS: Field[] = [
  { name: "name", label: "Name" },
  { name: "description", label: "Description" },
  CURRENCY_FIELD,
  { name: "support_email", label: "Support email", kind: "email" },
  { name: "website_url", label: "Website", kind: "url" },
  ...DOCUMENT_FIELDS,
  {
    name: "retry_days",
    label: "Retry declined renewals",
    hint: "Days after a declined renewal charge on which it is tried again, like 1,3,5 (before and apart from dunning). Empty: never.",
    inputMode: "text",
  },
  {
    name: "proration",
    label: "Changes mid-period",
    required: true,
    kind: "select",
    options: PRORATION_OPTIONS,
    hint: "Prorate bills a rise (or credits a cut to the prepaid balance) for the rest of the period at once; otherwise a change prices the next charge only",
  },
];

type Values = Record<(typeof FIELDS)[number]["name"], string>;

/** The brand's main fields; the server refuses a USER staff user whatever this form shows. */
export function BrandForm({ brandId, brand, readOnly }: { brandId: string; brand: Values; readOnly: boolean }) {
  const router = useRouter();
  return (
    <Form
      layout="stack"
      fields={FIELDS}
      schema={UpdateBrandParams}
      defaults={brand}
      fixed={{ update_brand_id: brandId }}
      editing
      readOnly={readOnly}
      submit={(input) => updateBrand(brandId, input)}
      onDone={() => {
        router.refresh();
        return "Saved.";
      }}
      submitLabel="Save settings"
    />
  );
}
