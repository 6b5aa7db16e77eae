"use client";

import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { deleteInvoice, remindInvoice } from "../actions";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";

/** Send a reminder and delete, each behind a dialog that says what happens. */
export function InvoiceActions({
  brandId,
  id,
  accountId,
  status,
  overdue,
  email,
}: {
  brandId: string;
  id: string;
  accountId: string;
  status: number;
  overdue: boolean;
  email: string | null;
}) {
  const run = useConfirmAction();
  const ref = { invoice_id: id, customer_account_id: accountId };
  return (
    <>
      {(status === INVOICE_STATUS.UNPAID || status === INVOICE_STATUS.PARTIALLY_PAID) && (
        <ConfirmButton
          label="Send reminder"
          title="Send a payment reminder?"
          confirmLabel="Send reminder"
          onConfirm={run(() => remindInvoice(brandId, { ...ref, ...(overdue ? {} : { bypass_overdue: "Y" }) }))}
        >
          <p>The customer{email ? ` (${email})` : ""} is sent the Invoice/Reminder email for this invoice&apos;s balance.</p>
          {!overdue && <p>The invoice is not yet a day overdue: the reminder is sent anyway.</p>}
        </ConfirmButton>
      )}
      {status !== INVOICE_STATUS.DELETED && (
        <ConfirmButton
          label="Delete"
          title="Delete this invoice?"
          confirmLabel="Delete invoice"
          danger
          onConfirm={run(() => deleteInvoice(brandId, ref), `/dashboard/${brandId}/invoices/${id}`)}
        >
          <p>The invoice is marked deleted and is no longer owed or collected by dunning. This cannot be undone.</p>
          {status === INVOICE_STATUS.PARTIALLY_PAID && (
            <p>Its payments stay recorded; refund them from each payment&apos;s page if the money should go back.</p>
          )}
        </ConfirmButton>
      )}
    </>
  );
}
