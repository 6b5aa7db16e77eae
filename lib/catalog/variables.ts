import { z } from "zod";

/**
 * The product-group variable object (spec: name, prompt, type, options, description, swapable,
 * category), sent as JSON text in VAR1..VAR10. The spec names TEXT only as an example, so any type
 * name is accepted (the known ones spelled canonically), and so are `options` on any type (stored and
 * answered as sent: `{"type":"DROPDOWN","options":["s","m"]}`). Only an `Options` variable must list
 * its options (no repeats), and only there must a subscription's value be one of them; every other
 * type takes any text.
 */
export const VARIABLE_TYPES = ["TEXT", "TEXTAREA", "NUMBER", "EMAIL", "URL", "DATE", "Options"] as const;

export const VARIABLE_SLOTS = ["VAR1", "VAR2", "VAR3", "VAR4", "VAR5", "VAR6", "VAR7", "VAR8", "VAR9", "VAR10"] as const;
export type VariableSlot = (typeof VARIABLE_SLOTS)[number];

/** VAR1..VAR10 <-> the var1..var10 columns. */
export const variableColumn = (slot: VariableSlot) => slot.toLowerCase() as Lowercase<VariableSlot>;

const yesNo = z.enum(["Y", "N"], { error: "must be Y or N" });
const shortText = (max: number) => z.string({ error: "must be text" }).max(max, { error: `must be at most ${max} characters` });

/** Any type name; a known one in any letter case ("options", "text") is stored in its canonical spelling. */
const variableType = shortText(50)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: "must not be empty" }))
  .transform((s) => VARIABLE_TYPES.find((t) => t.toLowerCase() === s.toLowerCase()) ?? s);

const KEYS = "name, prompt, type, options, description, swapable, category";

export const GroupVariableSchema = z
  .strictObject(
    {
      name: shortText(100).min(1, { error: "must not be empty" }),
      prompt: yesNo.default("N"),
      type: variableType,
      options: z
        .array(shortText(255).min(1, { error: "must not be empty" }))
        .max(100, { error: "must list at most 100 options" })
        .default([]),
      description: shortText(2000).default(""),
      swapable: yesNo.default("N"),
      category: shortText(100).default(""),
    },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys"
          ? `has unknown key ${iss.keys.map((k) => `"${k}"`).join(", ")} (allowed: ${KEYS})`
          : iss.code === "invalid_type"
            ? `must be a JSON object with the keys ${KEYS}`
            : undefined,
    },
  )
  .superRefine((v, c) => {
    if (v.type === "Options" && v.options.length === 0) {
      c.addIssue({ code: "custom", message: "must list at least one option for type Options", path: ["options"] });
    }
    if (v.type === "Options" && new Set(v.options).size !== v.options.length) {
      c.addIssue({ code: "custom", message: "must not repeat a value", path: ["options"] });
    }
  });

export type GroupVariable = z.output<typeof GroupVariableSchema>;

/** Whether a subscription may carry `value` for this variable (an Options variable: one of its options). */
export function variableAccepts(variable: GroupVariable, value: string): boolean {
  return variable.type !== "Options" || variable.options.includes(value);
}
