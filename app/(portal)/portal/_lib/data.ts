import { cache } from "react";
import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors";
import { formatsFor } from "@/lib/format";
import { portalProfile } from "@/lib/portal/queries";
import { requireCustomer } from "./session";

/** The signed-in customer's context, profile and formats (their locale and time zone, the brand's currency), once per request. */
export const customerPage = cache(async () => {
  const ctx = await requireCustomer();
  const profile = await portalProfile(ctx);
  return { ctx, profile, f: formatsFor(profile.account.locale, profile.account.timezoneId, ctx.brand.currency) };
});

/** A record of another customer or brand reads as NOT_FOUND: the page then answers 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof DomainError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}
