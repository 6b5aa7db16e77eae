/** How a payment was taken, in words. */
export const paymentMethodLabel = (p: {
  override_billing: string;
  payment_gateway: string | null;
  pay_method_id: string | null;
  apply_to_prepaid_balance: string;
}) =>
  p.override_billing === "Y"
    ? `Recorded${p.payment_gateway ? `: ${p.payment_gateway}` : ""}`
    : p.pay_method_id
      ? "Charged to a pay method"
      : "From the prepaid balance";
