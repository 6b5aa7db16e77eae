import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { ActionResult, StaffAction } from "@/lib/actions/define-action";
import { getStaffSession } from "./session";
import { requestAddress } from "./request-address";

/**
 * The session half of a dashboard server action: `export const suspend = staffAction(staffActions.accountSuspend)`
 * in a "use server" file. The brand id the browser sends is only a selector: the pure half checks it
 * against the session. On success the brand's pages are revalidated; the caller redirects.
 */
export function staffAction<S extends z.ZodObject, R>(action: StaffAction<S, R>) {
  return async (brandId: string, input: Record<string, string>): Promise<Awaited<ReturnType<StaffAction<S, R>["run"]>>> => {
    const result = await action.run(await getStaffSession(), brandId, input, { clientAddress: await requestAddress() });
    if (result.ok && typeof brandId === "string") revalidatePath(`/dashboard/${brandId}`, "layout");
    return result;
  };
}

export type { ActionResult };
