import { revalidatePath } from "next/cache";
import type { ActionResult, BrowserInput, PortalActionDef } from "@/lib/auth/portal-action";
import { currentCustomer } from "./session";

/**
 * A server action for one portal action (lib/portal/actions.ts): the context comes from the session
 * cookie, never from the browser; the answer is `{ ok: true, data }` or `{ ok: false, error }`.
 */
export function portalAction<R>(def: PortalActionDef<R>) {
  return async (input: BrowserInput): Promise<ActionResult<R>> => {
    const ctx = await currentCustomer();
    if (!ctx) return { ok: false, error: { code: "UNAUTHENTICATED", message: "Your session has ended. Please sign in again." } };
    const result = await def.run(ctx, input);
    if (result.ok) revalidatePath("/portal", "layout");
    return result;
  };
}
