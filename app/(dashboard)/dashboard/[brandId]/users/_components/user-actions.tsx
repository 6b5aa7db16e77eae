"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { deleteUser, restoreUser, suspendUser } from "../actions";
import { STATUS } from "@/lib/lifecycle";

/** Suspend, restore and delete, each behind a dialog that says what will happen. */
export function UserActions({ brandId, id, name, status }: { brandId: string; id: string; name: string; status: number }) {
  const router = useRouter();
  const run = (action: typeof suspendUser) => async () => {
    const r = await action(brandId, { user_id: id });
    if (!r.ok) return r.error.message;
    router.refresh();
    return null;
  };
  return (
    <>
      {status === STATUS.ACTIVE && (
        <ConfirmButton label="Suspend" title={`Suspend ${name}?`} confirmLabel="Suspend user" onConfirm={run(suspendUser)}>
          <p>{name} can no longer sign in to the customer portal until you restore them. The customer account is not changed.</p>
        </ConfirmButton>
      )}
      {status !== STATUS.ACTIVE && (
        <ConfirmButton label="Restore" title={`Restore ${name}?`} confirmLabel="Restore user" onConfirm={run(restoreUser)}>
          <p>{name} can sign in to the customer portal again.</p>
        </ConfirmButton>
      )}
      {status !== STATUS.DELETED && (
        <ConfirmButton label="Delete" title={`Delete ${name}?`} confirmLabel="Delete user" danger onConfirm={run(deleteUser)}>
          <p>{name} is deleted and can no longer sign in. You can restore the user later.</p>
        </ConfirmButton>
      )}
    </>
  );
}
