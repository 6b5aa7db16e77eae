"use client";

import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { refundPayment } from "../actions";

/**
 * Payment/Delete reverses the whole payment: one taken through a gateway is refunded through it;
 * a recorded one (cash, check, a third party) is only marked refunded.
 */
export function RefundButton({
  brandId,
  payment,
}: {
  brandId: string;
  payment: { payment_id: string; customer_account_id: string; invoice_id: string | null; amount: string; through_gateway: boolean };
}) {
  const run = useConfirmAction();
  return (
    <ConfirmButton
      label="Refund"
      title={`Refund ${payment.amount}?`}
      confirmLabel={`Refund ${payment.amount}`}
      danger
      onConfirm={run(() =>
        refundPayment(brandId, {
          payment_id: payment.payment_id,
          customer_account_id: payment.customer_account_id,
          invoice_id: payment.invoice_id ?? "prepaid_balance",
        }),
      )}
    >
      <p>
        The whole payment of <strong>{payment.amount}</strong> is reversed.{" "}
        {payment.through_gateway
          ? "The gateway that charged it refunds it to the customer's card or bank account."
          : "It was recorded, not charged by us: give the money back yourself; here it is only marked refunded."}
      </p>
      <p>
        {payment.invoice_id
          ? `The invoice's balance goes back up by ${payment.amount}, so it is owed again.`
          : `The customer's prepaid balance goes down by ${payment.amount}.`}{" "}
        This cannot be undone.
      </p>
    </ConfirmButton>
  );
}
