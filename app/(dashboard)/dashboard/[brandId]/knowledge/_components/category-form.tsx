"use client";

import { useRouter } from "next/navigation";
import { Form, type Field } from "@/components/forms/form";
import { CreateCategoryParams, NAME_MAX, UpdateCategoryParams } from "@/lib/knowledge/schemas";
import { createCategory, updateCategory } from "../actions";
import { VISIBILITY_OPTIONS } from "./options";

const TYPES = [
  { value: "PRIMARY", label: "Top level" },
  { value: "SUB", label: "Sub category (under a top-level one)" },
] as const;

/** Category/Create or Update: Update takes every field, so all are sent. */
export function CategoryForm({
  brandId,
  parents,
  category,
}: {
  brandId: string;
  parents: { value: string; label: string }[];
  category?: Record<string, string> & { category_id: string };
}) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/knowledge`;
  const fields: Field[] = [
    { name: "name", label: "Name", required: true, hint: `At most ${NAME_MAX} characters` },
    { name: "category_type", label: "Level", required: true, options: TYPES },
    {
      name: "parent_category_id",
      label: "Parent category",
      options: [{ value: "", label: "None (top level)" }, ...parents],
      hint: "Required for a sub category",
    },
    { name: "visibility", label: "Visibility", required: true, options: VISIBILITY_OPTIONS },
  ];
  return (
    <Form
      schema={category ? UpdateCategoryParams : CreateCategoryParams}
      fields={fields}
      editing={Boolean(category)}
      defaults={category ?? { category_type: "PRIMARY", visibility: "1" }}
      fixed={category ? { category_id: category.category_id } : {}}
      always={fields.map((f) => f.name)}
      submit={(input) => (category ? updateCategory(brandId, input) : createCategory(brandId, input))}
      onDone={() => {
        router.push(base);
        router.refresh();
      }}
      submitLabel={category ? "Save changes" : "Create category"}
      cancelHref={base}
    />
  );
}
