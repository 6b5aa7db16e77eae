import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { ActionResult, StaffAction } from "@/lib/actions/define-action";
import { staffActions } from "@/lib/dashboard/actions";
import { getStaffSession } from "./session";
import { requestAddress } from "./request-address";
import { fieldsOf, staffRevalidation } from "./revalidation";

/** Each registered action's name (the revalidation table's key). */
const names = new Map<unknown, string>(Object.entries(staffActions).map(([name, action]) => [action, name]));

/**
 * The session half of a dashboard server action: `export const suspend = staffAction(staffActions.accountSuspend)`
 * in a "use server" file. The brand id the browser sends is only a selector: the pure half checks it
 * against the session. On success the pages showing what it changed are revalidated (./revalidation.ts);
 * the caller redirects.
 */
export function staffAction<S extends z.ZodObject, R>(action: StaffAction<S, R>) {
  const name = names.get(action);
  return async (brandId: string, input: Record<string, string>): Promise<Awaited<ReturnType<StaffAction<S, R>["run"]>>> => {
    const result = await action.run(await getStaffSession(), brandId, input, { clientAddress: await requestAddress() });
    if (result.ok && typeof brandId === "string") {
      for (const { path, type } of staffRevalidation(name, brandId, fieldsOf(input, result.data))) revalidatePath(path, type);
    }
    return result;
  };
}

export type { ActionResult };
