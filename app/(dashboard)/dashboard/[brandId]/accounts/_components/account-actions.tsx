"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { deleteAccount, restoreAccount, suspendAccount } from "../actions";
import { STATUS } from "@/lib/lifecycle";

/** Suspend, restore and delete, each behind a dialog that says what will happen. */
export function AccountActions({
  brandId,
  id,
  name,
  status,
  liveSubscriptions,
}: {
  brandId: string;
  id: string;
  name: string;
  status: number;
  liveSubscriptions: number;
}) {
  const router = useRouter();
  const run = (action: typeof suspendAccount) => async () => {
    const r = await action(brandId, { customer_account_id: id });
    if (!r.ok) return r.error.message;
    router.refresh();
    return null;
  };
  return (
    <>
      {status === STATUS.ACTIVE && (
        <ConfirmButton label="Suspend" title={`Suspend ${name}?`} confirmLabel="Suspend account" onConfirm={run(suspendAccount)}>
          <p>The account and all its users are suspended: they cannot sign in to the customer portal until you restore the account.</p>
        </ConfirmButton>
      )}
      {status !== STATUS.ACTIVE && (
        <ConfirmButton label="Restore" title={`Restore ${name}?`} confirmLabel="Restore account" onConfirm={run(restoreAccount)}>
          <p>
            The account and its users become active again.
            {status === STATUS.DELETED ? " A deleted account can be restored within 90 days of its deletion." : ""}
          </p>
        </ConfirmButton>
      )}
      {status !== STATUS.DELETED && (
        <ConfirmButton label="Delete" title={`Delete ${name}?`} confirmLabel="Delete account" danger onConfirm={run(deleteAccount)}>
          <p>
            The account and all its users are deleted
            {liveSubscriptions > 0 ? `, and its ${liveSubscriptions} subscription${liveSubscriptions === 1 ? "" : "s"} end (no further billing)` : ""}.
          </p>
          <p>You can restore the account within 90 days.</p>
        </ConfirmButton>
      )}
    </>
  );
}
