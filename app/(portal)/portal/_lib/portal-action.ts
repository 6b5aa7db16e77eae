import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { ActionResult, BrowserInput, CustomerAction, Plain } from "@/lib/actions/define-action";
import { portalActions } from "@/lib/portal/actions";
import { fieldsOf, portalRevalidation } from "@/app/_auth/revalidation";
import { currentCustomer } from "./session";

/** Each registered action's name (the revalidation table's key). */
const names = new Map<unknown, string>(Object.entries(portalActions).map(([name, action]) => [action, name]));

/**
 * A server action for one portal action (lib/portal/actions): the context comes from the session
 * cookie, never from the browser; the answer is `{ ok: true, data }` or `{ ok: false, error }`. On
 * success the pages showing what it changed are revalidated (app/_auth/revalidation.ts).
 */
export function portalAction<S extends z.ZodObject, R>(def: CustomerAction<S, R>) {
  return async (input: BrowserInput): Promise<ActionResult<Plain<R>>> => {
    const ctx = await currentCustomer();
    if (!ctx) return { ok: false, error: { code: "UNAUTHENTICATED", message: "Your session has ended. Please sign in again.", parameter: null } };
    const result = await def.run(ctx, input);
    if (result.ok) for (const { path, type } of portalRevalidation(names.get(def), fieldsOf(input, result.data))) revalidatePath(path, type);
    return result;
  };
}
