import type { PayMethodRead } from "@/lib/pay-methods/read";

const NETWORKS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
  unknown: "Card",
};

/** "Visa ending 4242" or "Checking account ending 6789": never more than the last four digits. */
export function payMethodLabel(p: Pick<PayMethodRead, "type" | "brand" | "lastFour" | "accountType">) {
  const name =
    p.type === "BA"
      ? `${p.accountType === "savings" ? "Savings" : "Checking"} account`
      : (NETWORKS[(p.brand ?? "").toLowerCase()] ?? (p.brand ? p.brand.charAt(0).toUpperCase() + p.brand.slice(1) : "Card"));
  return p.lastFour ? `${name} ending ${p.lastFour}` : name;
}

export const expiry = (p: Pick<PayMethodRead, "expirationMonth" | "expirationYear">) =>
  p.expirationMonth && p.expirationYear ? `${String(p.expirationMonth).padStart(2, "0")}/${p.expirationYear}` : null;
