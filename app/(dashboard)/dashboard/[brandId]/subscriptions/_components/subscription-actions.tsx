"use client";

import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { deleteSubscription, restoreSubscription, suspendSubscription } from "../actions";
import { STATUS } from "@/lib/lifecycle";

/** Suspend, restore and delete, each behind a dialog that says what happens to billing. */
export function SubscriptionActions({ brandId, id, name, status }: { brandId: string; id: string; name: string; status: number }) {
  const run = useConfirmAction();
  const input = { subscription_id: id };
  return (
    <>
      {status === STATUS.ACTIVE && (
        <ConfirmButton
          label="Suspend"
          title={`Suspend ${name}?`}
          confirmLabel="Suspend subscription"
          onConfirm={run(() => suspendSubscription(brandId, input))}
        >
          <p>
            Billing stops: no renewal invoices are generated and nothing is charged until you restore it. The customer is sent the Subscription/Suspend email if
            it is set up.
          </p>
        </ConfirmButton>
      )}
      {status === STATUS.SUSPENDED && (
        <ConfirmButton
          label="Restore"
          title={`Restore ${name}?`}
          confirmLabel="Restore subscription"
          onConfirm={run(() => restoreSubscription(brandId, input))}
        >
          <p>The subscription becomes active again and billing resumes from its renewal date. This also overrides a suspension by a dunning rule.</p>
        </ConfirmButton>
      )}
      {status !== STATUS.DELETED && (
        <ConfirmButton
          label="Delete"
          title={`Delete ${name}?`}
          confirmLabel="Delete subscription"
          danger
          onConfirm={run(() => deleteSubscription(brandId, input))}
        >
          <p>The subscription ends now: it is never billed again. A deleted subscription cannot be restored.</p>
        </ConfirmButton>
      )}
    </>
  );
}
