"use client";

import { useRouter } from "next/navigation";
import type { ActionResult } from "@/lib/auth/staff-action";

/**
 * For a ConfirmButton's onConfirm: runs the action, answers its refusal's message (shown in the
 * dialog) or, on success, goes to `then` (or stays) and refreshes the page's data.
 */
export function useConfirmAction() {
  const router = useRouter();
  return (call: () => Promise<ActionResult>, then?: string) => async () => {
    const r = await call();
    if (!r.ok) return r.error.message;
    if (then) router.push(then);
    router.refresh();
    return null;
  };
}
