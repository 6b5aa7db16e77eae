"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { UpdateBrandParams } from "@/lib/brands/schemas";
import { updateBrand } from "./actions";

const FIELDS: Field[] = [
  { name: "name", label: "Name" },
  { name: "description", label: "Description" },
  { name: "support_email", label: "Support email", kind: "email" },
  { name: "website_url", label: "Website", kind: "url" },
];

type Values = { name: string; description: string; support_email: string; website_url: string };

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
