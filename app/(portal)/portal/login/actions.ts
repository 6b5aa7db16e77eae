"use server";
import { cookies, headers } from "next/headers";
import { clientAddress } from "@/lib/api/client-address";
import { redirect } from "next/navigation";
import { safePortalRedirect } from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { portalBrand, requestPasswordReset, sendSecondFactorCode, signInWithPassword, startProviderSignIn, verifySecondFactor } from "@/lib/portal/sign-in";
import { readPending, startPending, startSession } from "../_lib/session";

export interface FormState {
  error?: string;
  notice?: string;
  /** What was typed as the sign-in name, shown again after a refusal (a form action resets the form). */
  login?: string;
}

const GENERIC = "Something went wrong on our side. Please try again in a moment.";

function refusal(err: unknown): FormState {
  if (err instanceof DomainError) return { error: err.message };
  logger.error("portal sign-in failed", { error: err });
  return { error: GENERIC };
}

const loginUrl = `${config.publicUrl.replace(/\/+$/, "")}/portal/login`;

/** Email or username and password (User/Authenticate, with its lockout); a second factor when the user has one. */
export async function signIn(_prev: FormState, form: FormData): Promise<FormState> {
  const next = safePortalRedirect(String(form.get("redirect") ?? ""));
  const brand = await portalBrand(String(form.get("brand") ?? ""));
  if (!brand) return { error: "This sign-in page is not linked to a business. Please use the link from your provider." };
  const login = String(form.get("login") ?? "").slice(0, 200);
  let target: string;
  try {
    const outcome = await signInWithPassword(brand, login, String(form.get("password") ?? ""), { url: loginUrl });
    const jar = await cookies();
    if (outcome.kind === "signed-in") {
      await startSession(jar, outcome.session);
      target = next;
    } else {
      await startPending(jar, { ...outcome.pending, sentTo: outcome.sentTo });
      target = `/portal/login/verify?${new URLSearchParams({ redirect: next })}`;
    }
  } catch (err) {
    return { ...refusal(err), login };
  }
  redirect(target);
}

/** The second factor's code (User/2FAVerify): right, and the customer is signed in. */
export async function verify(_prev: FormState, form: FormData): Promise<FormState> {
  const pending = await readPending();
  if (!pending) return { error: "Your sign-in has timed out. Please sign in again." };
  try {
    await startSession(await cookies(), await verifySecondFactor(pending, String(form.get("code") ?? "")));
  } catch (err) {
    return refusal(err);
  }
  redirect(safePortalRedirect(String(form.get("redirect") ?? "")));
}

/** A new code (User/2FARequest); the earlier one stops working. */
export async function resend(_prev: FormState, _form: FormData): Promise<FormState> {
  const pending = await readPending();
  if (!pending) return { error: "Your sign-in has timed out. Please sign in again." };
  try {
    const sentTo = await sendSecondFactorCode(pending);
    return { notice: `We sent a new code to ${sentTo}.` };
  } catch (err) {
    return refusal(err);
  }
}

/** "Forgot password" (User/PasswdReset): the same notice whether or not anyone uses what was typed. */
export async function forgotPassword(_prev: FormState, form: FormData): Promise<FormState> {
  const brand = await portalBrand(String(form.get("brand") ?? ""));
  if (!brand) return { error: "This page is not linked to a business. Please use the link from your provider." };
  const login = String(form.get("login") ?? "").slice(0, 200);
  try {
    return { notice: await requestPasswordReset(brand, login, { address: clientAddress({ headers: await headers() }) }), login };
  } catch (err) {
    return { ...refusal(err), login };
  }
}

/**
 * Off to an identity provider (User/OAuthAuthenticate). It comes back through the service's
 * callback to login/provider with a temporary_token, or to this brand's sign-in page with ?error=.
 */
export async function startProvider(_prev: FormState, form: FormData): Promise<FormState> {
  const brand = await portalBrand(String(form.get("brand") ?? ""));
  if (!brand) return { error: "This sign-in page is not linked to a business. Please use the link from your provider." };
  const next = safePortalRedirect(String(form.get("redirect") ?? ""));
  let link: string;
  try {
    link = await startProviderSignIn(brand, String(form.get("provider") ?? ""), {
      returnTo: `${loginUrl}/provider?${new URLSearchParams({ redirect: next })}`,
      failTo: `${loginUrl}?${new URLSearchParams({ brand: brand.id, provider_failed: "1" })}`,
    });
  } catch (err) {
    return refusal(err);
  }
  redirect(link);
}
