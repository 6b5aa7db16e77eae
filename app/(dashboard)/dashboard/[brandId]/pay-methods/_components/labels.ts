import type { PayMethodRead } from "@/lib/pay-methods/read";

/** A pay method in words: "Visa ···4242" or "Bank account ···6789". */
export const payMethodLabel = (p: Pick<PayMethodRead, "type" | "brand" | "lastFour">) =>
  `${p.type === "CC" ? (p.brand ? p.brand.charAt(0).toUpperCase() + p.brand.slice(1) : "Card") : "Bank account"} ···${p.lastFour}`;

/** A card's expiry as people write it ("04/2030"), or a dash. */
export const expiresText = (p: Pick<PayMethodRead, "expirationMonth" | "expirationYear">) =>
  p.expirationMonth && p.expirationYear ? `${String(p.expirationMonth).padStart(2, "0")}/${p.expirationYear}` : "—";
