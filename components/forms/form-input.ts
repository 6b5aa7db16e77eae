import type { z } from "zod";
import { PARAM_META } from "@/lib/wire/params";

/** What a form declares and sends, apart from React (the form itself is form.tsx). */

export type FormValues = Record<string, string>;
export type Option = { value: string; label: string };

export interface Field {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /**
   * Default: a text input, or a select when `options` are given. `select` also offers "—" (none)
   * when not required; `flag` is No/Yes; `checks` keeps its chosen options comma-separated in one
   * value; `account` is the type-to-search customer account picker.
   */
  kind?: "text" | "email" | "password" | "url" | "tel" | "textarea" | "select" | "flag" | "money" | "integer" | "checks" | "account";
  options?: readonly Option[];
  /** textarea: its height in rows (3 unless said). */
  rows?: number;
  /** Monospace, no spell check (templates, HTML). */
  code?: boolean;
  /** Takes the form's full width (a textarea always does). */
  wide?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text";
  /** account: what the empty picker says. */
  placeholder?: string;
  /** Cannot change once created: shown read-only on edit, and still sent there. */
  fixedOnEdit?: boolean;
  /** Not a parameter of Update at all (a product's group): shown read-only on edit, never sent. */
  notOnUpdate?: boolean;
  /** Only relevant for some values of other fields (a trial's length when trial is Y). */
  showIf?: (values: FormValues) => boolean;
}

export const YES_NO = [
  { value: "N", label: "No" },
  { value: "Y", label: "Yes" },
] as const;

/** A select's options from [value, label] pairs, in their order. */
export const choices = (...pairs: readonly (readonly [value: string, label: string])[]): Option[] => pairs.map(([value, label]) => ({ value, label }));

/** Zod's messages say "must be ..."; the server's name the parameter ("amount must be ..."): shown on the field without it. */
export function fieldMessage(message: string) {
  const m = message.replace(/^[A-Za-z_0-9]+ (?=(must|is|are|has|needs|or|cannot|applies|uses) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** Whether the endpoint's schema requires a parameter (an Update re-sends those every time). */
function schemaRequires(schema: z.ZodType | undefined, name: string) {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  const field = shape?.[name];
  return field ? (PARAM_META.get(field)?.required ?? false) : false;
}

/**
 * What a form sends. Create: the non-empty values. Edit: what changed (absent keeps, empty clears),
 * plus what the endpoint requires every time, what cannot change and `always`. The fixed parameters
 * (ids) and `extra` (built by widgets outside the plain fields) go with either.
 */
export function inputFor({
  fields,
  values,
  initial,
  editing,
  schema,
  always = [],
  fixed = {},
  extra = {},
}: {
  fields: readonly Field[];
  values: FormValues;
  initial: FormValues;
  editing: boolean;
  schema?: z.ZodType;
  always?: readonly string[];
  fixed?: FormValues;
  extra?: FormValues;
}): FormValues {
  const input: FormValues = {};
  for (const f of fields) {
    const v = values[f.name] ?? "";
    if (!editing) {
      if (v !== "") input[f.name] = v;
    } else if (!f.notOnUpdate && (v !== (initial[f.name] ?? "") || f.fixedOnEdit || always.includes(f.name) || schemaRequires(schema, f.name))) {
      input[f.name] = v;
    }
  }
  return { ...input, ...extra, ...fixed };
}
