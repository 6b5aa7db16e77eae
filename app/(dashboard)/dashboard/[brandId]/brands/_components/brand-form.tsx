"use client";

import { useRouter } from "next/navigation";
import { SchemaForm, type FormField } from "@/components/dashboard/schema-form";
import { CreateBrandParams, UpdateBrandParams } from "@/lib/brands/schemas";
import { createBrand, updateBrand } from "../actions";

/** Every brand field the API takes, in the order a brand is usually filled in. */
const FIELDS: FormField[] = [
  { name: "name", label: "Name", required: true, autoComplete: "organization" },
  { name: "logo_url", label: "Logo address", required: true, type: "url", hint: "A GIF, PNG, JPG or JPEG image, like https://example.com/logo.png" },
  { name: "description", label: "Description", required: true, multiline: true, hint: "What the brand sells" },
  { name: "website_url", label: "Website", type: "url" },
  { name: "website_login_url", label: "Website sign-in page", type: "url" },
  { name: "support_email", label: "Support email", type: "email" },
  { name: "support_phone", label: "Support phone", type: "tel" },
  { name: "support_link", label: "Support page", type: "url" },
  { name: "terms_url", label: "Terms of service", type: "url" },
  { name: "privacy_url", label: "Privacy policy", type: "url" },
  { name: "social_media_site1", label: "Social network profile", type: "url" },
  { name: "social_media_site2", label: "Microblog profile", type: "url" },
  { name: "social_media_site3", label: "Video site profile", type: "url" },
  { name: "social_media_site4", label: "Photo site profile", type: "url" },
];

/** Create a brand, or edit one (only changed fields are sent; an emptied optional field is cleared). */
export function BrandForm({ brandId, brand }: { brandId: string; brand?: Record<string, string> & { brand_id: string } }) {
  const router = useRouter();
  return (
    <SchemaForm
      grid
      fields={FIELDS}
      schema={brand ? UpdateBrandParams : CreateBrandParams}
      defaults={brand}
      fixed={brand ? { update_brand_id: brand.brand_id } : {}}
      changedOnly={Boolean(brand)}
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
