"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { CreateBrandParams, PRORATION_OPTIONS, UpdateBrandParams } from "@/lib/brands/schemas";
import { createBrand, updateBrand } from "../actions";

/** The currency the brand bills in (issue 31): fixed once it has billed. */
export const CURRENCY_FIELD: Field = {
  name: "currency",
  label: "Currency",
  autoComplete: "off",
  hint: "ISO 4217 code, like USD, EUR or JPY (default USD). It cannot change once the brand has an invoice or a payment",
};

/** Who issues the brand's invoices and how they are numbered (issue 31): the settings page edits them too. */
export const DOCUMENT_FIELDS: Field[] = [
  { name: "legal_name", label: "Legal name", autoComplete: "organization", hint: "The business that issues the invoices (default the brand's name)" },
  { name: "address", label: "Address", kind: "textarea", rows: 4, autoComplete: "street-address", hint: "As printed on invoices, one line per line" },
  { name: "country", label: "Country", autoComplete: "country", hint: "Two-letter code, like US or DE" },
  { name: "tax_id", label: "Tax or VAT number" },
  {
    name: "invoice_prefix",
    label: "Invoice number prefix",
    hint: "2 to 10 letters or digits, like ACME: invoices are named ACME-000001. A change names later invoices only",
  },
];

/** Every brand field the API takes, in the order a brand is usually filled in. */
const FIELDS: Field[] = [
  { name: "name", label: "Name", required: true, autoComplete: "organization" },
  { name: "logo_url", label: "Logo address", required: true, kind: "url", hint: "A GIF, PNG, JPG or JPEG image, like https://example.com/logo.png" },
  { name: "description", label: "Description", required: true, kind: "textarea", rows: 4, hint: "What the brand sells" },
  CURRENCY_FIELD,
  { name: "website_url", label: "Website", kind: "url" },
  { name: "website_login_url", label: "Website sign-in page", kind: "url" },
  { name: "support_email", label: "Support email", kind: "email" },
  { name: "support_phone", label: "Support phone", kind: "tel" },
  { name: "support_link", label: "Support page", kind: "url" },
  { name: "terms_url", label: "Terms of service", kind: "url" },
  { name: "privacy_url", label: "Privacy policy", kind: "url" },
  { name: "social_media_site1", label: "Social network profile", kind: "url" },
  { name: "social_media_site2", label: "Microblog profile", kind: "url" },
  { name: "social_media_site3", label: "Video site profile", kind: "url" },
  { name: "social_media_site4", label: "Photo site profile", kind: "url" },
  ...DOCUMENT_FIELDS,
  { name: "proration", label: "Changes mid-period", kind: "select", options: PRORATION_OPTIONS, hint: "Empty: none (the next charge only)" },
];

/** Create a brand, or edit one (only changed fields are sent; an emptied optional field is cleared). */
export function BrandForm({ brandId, brand }: { brandId: string; brand?: Record<string, string> & { brand_id: string } }) {
  const router = useRouter();
  return (
    <Form
      fields={FIELDS}
      schema={brand ? UpdateBrandParams : CreateBrandParams}
      defaults={brand}
      fixed={brand ? { update_brand_id: brand.brand_id } : {}}
      editing={Boolean(brand)}
      submit={(input) => (brand ? updateBrand(brandId, input) : createBrand(brandId, input))}
      submitLabel={brand ? "Save brand" : "Create brand"}
      cancelHref={`/dashboard/${brandId}/brands`}
      onDone={(data) => {
        const id = (data as { brand_id: string }).brand_id;
        router.push(`/dashboard/${brandId}/brands?saved=${id}`);
        router.refresh();
      }}
    />
  );
}
