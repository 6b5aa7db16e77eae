"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { UpdateBrandParams } from "@/lib/brands/schemas";
import { updateBrand } from "./actions";

type Values = { update_brand_id: string; name: string; description: string; support_email: string; website_url: string };
const FIELDS = [
  { name: "name", label: "Name" },
  { name: "description", label: "Description" },
  { name: "support_email", label: "Support email" },
  { name: "website_url", label: "Website" },
] as const;

/** The brand's main fields; the server refuses a USER staff user whatever this form shows. */
export function BrandForm({ brandId, brand, readOnly }: { brandId: string; brand: Omit<Values, "update_brand_id">; readOnly: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: { update_brand_id: brandId, ...brand },
    resolver: zodResolver(UpdateBrandParams, undefined, { raw: true }) as unknown as Resolver<Values>,
  });
  const onSubmit = handleSubmit(async (values) => {
    const input: Record<string, string> = { update_brand_id: brandId };
    for (const f of FIELDS) if (values[f.name] !== brand[f.name]) input[f.name] = values[f.name];
    const r = await updateBrand(brandId, input);
    if (!r.ok) {
      if (FIELDS.some((f) => f.name === r.error.parameter)) setError(r.error.parameter as keyof Values, { message: r.error.message });
      else setMessage({ ok: false, text: r.error.message });
      return;
    }
    setMessage({ ok: true, text: "Saved." });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} className="form" noValidate>
      {message && (
        <p className={`alert ${message.ok ? "success" : "error"}`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      {FIELDS.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={f.name}>{f.label}</label>
          <input id={f.name} readOnly={readOnly} aria-invalid={Boolean(formState.errors[f.name])} {...register(f.name)} />
          {formState.errors[f.name] && (
            <p className="field-error" role="alert">
              {formState.errors[f.name]?.message}
            </p>
          )}
        </div>
      ))}
      {!readOnly && (
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={formState.isSubmitting}>
            Save settings
          </button>
        </div>
      )}
    </form>
  );
}
