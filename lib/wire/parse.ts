import type { z } from "zod";
import { DomainError } from "../errors";
import { PARAM_META, withAmountsIn } from "./params";

/** Maps zod's first issue to our error, always naming the parameter. */
export function validationError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const parameter = String(issue.path[0] ?? "");
  const code = (issue as { params?: { code?: string } }).params?.code;
  if (code === "MISSING_PARAMETER") return new DomainError("MISSING_PARAMETER", `${parameter} ${issue.message}`, { parameter });
  return new DomainError("INVALID_PARAMETER", `${parameter} ${issue.message}`, { parameter });
}

/**
 * String parameters through an endpoint's schema, as the API reads them (the API and the dashboard's
 * server actions share this): required ones absent or empty are MISSING_PARAMETER (the first, in
 * declaration order), unknown ones are dropped, and everything else is validated before any write.
 * Amounts are read in `currency`, the brand's (lib/money.ts).
 */
export function parseParams<S extends z.ZodObject>(schema: S, raw: Record<string, string>, currency: string): z.output<S> {
  const input: Record<string, string> = {};
  for (const [k, field] of Object.entries(schema.shape)) {
    const v = raw[k];
    const required = PARAM_META.get(field as z.ZodType)?.required ?? !(field as z.ZodType).safeParse(undefined).success;
    if (v === undefined || (v === "" && required)) {
      if (required) throw new DomainError("MISSING_PARAMETER", `${k} is required`, { parameter: k });
      continue;
    }
    input[k] = v;
  }
  const parsed = withAmountsIn(currency, () => schema.safeParse(input));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
