import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { ActionResult, BrowserInput, CustomerAction, Plain } from "@/lib/actions/define-action";
import { currentCustomer } from "./session";

/**
 * A server action for one portal action (lib/portal/actions): the context comes from the session
 * cookie, never from the browser; the answer is `{ ok: true, data }` or `{ ok: false, error }`.
 */
export function portalAction<S extends z.ZodObject, R>(def: CustomerAction<S, R>) {
  return async (input: BrowserInput): Promise<ActionResult<Plain<R>>> => {
    const ctx = await currentCustomer();
    if (!ctx) return { ok: false, error: { code: "UNAUTHENTICATED", message: "Your session has ended. Please sign in again.", parameter: null } };
    const result = await def.run(ctx, input);
    if (result.ok) revalidatePath("/portal", "layout");
    return result;
  };
}
