/** A pay method in words: "Visa ···4242" or "Bank account ···6789". */
export const payMethodLabel = (p: { pay_method_type: string; brand: string | null; last_four: string }) =>
  `${p.pay_method_type === "CC" ? (p.brand ? p.brand.charAt(0).toUpperCase() + p.brand.slice(1) : "Card") : "Bank account"} ···${p.last_four}`;
