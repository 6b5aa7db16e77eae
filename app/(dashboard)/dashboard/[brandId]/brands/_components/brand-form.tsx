"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { CreateBrandParams, UpdateBrandParams } from "@/lib/brands/schemas";
import { createBrand, updateBrand } from "../actions";

/** Every brand field the API takes, in the order a brand is usually filled in. */
const FIELDS: Field[] = [
  { name: "name", label: "Name", required: true, autoComplete: "organization" },
  { name: "logo_url", label: "Logo address", required: true, kind: "url", hint: "A GIF, PNG, JPG or JPEG image, like https://example.com/logo.png" },
  { name: "description", label: "Description", required: true, kind: "textarea", rows: 4, hint: "What the brand sells" },
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
