import type { PaymentRead } from "@/lib/payments/read";

/** How a payment was taken, in words. */
export const paymentMethodLabel = (p: Pick<PaymentRead, "processedBy" | "paymentGateway" | "payMethodId">) =>
  p.processedBy === "recorded"
    ? `Recorded${p.paymentGateway ? `: ${p.paymentGateway}` : ""}`
    : p.payMethodId
      ? "Charged to a pay method"
      : "From the prepaid balance";
