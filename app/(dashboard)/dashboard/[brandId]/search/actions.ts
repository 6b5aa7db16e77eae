"use server";

import { dashboardContext } from "@/app/_auth/session";
import { searchBrand } from "@/lib/dashboard/search";

/** Quick find's results as you type: the session's context for the brand in the URL, nothing else trusted. */
export async function quickSearch(brandId: string, q: string) {
  if (typeof brandId !== "string" || typeof q !== "string") return [];
  const ctx = await dashboardContext(brandId);
  return (await searchBrand(ctx, q, 5)).map(({ label, results }) => ({ label, results }));
}
