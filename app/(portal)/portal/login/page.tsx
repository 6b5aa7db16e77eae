import Link from "next/link";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { BRAND_COOKIE, safePortalRedirect } from "@/lib/auth/customer-session";
import { brandLook } from "@/lib/portal/queries";
import { portalBrand, portalIdentityProviders } from "@/lib/portal/sign-in";
import { currentCustomer } from "../_lib/session";
import { AuthFrame } from "./auth-frame";
import { ProviderButtons, SignInForm } from "./forms";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const NOTICES: Record<string, { tone: "error" | "info"; text: string }> = {
  link: { tone: "error", text: "This sign-in link has expired or was already used. Sign in with your password, or ask for a new link." },
  ended: { tone: "info", text: "Your session has ended. Please sign in again." },
  signed_out: { tone: "info", text: "You have signed out." },
  signed_out_everywhere: { tone: "info", text: "You have signed out on every device and browser." },
};

/**
 * An identity provider's sign-in that failed comes back with provider_failed=1 and the service's
 * own message in ?error= (User/OAuthAuthenticate's failure_uri). It is shown as text, kept short.
 */
function providerFailure(q: Search) {
  if (!one(q.provider_failed)) return null;
  const message = (one(q.error) ?? "")
    .replace(/[\u0000-\u001f]/g, " ")
    .slice(0, 200)
    .trim();
  return { tone: "error" as const, text: message || "Sign-in with your provider didn't work. Please try again." };
}

/** Password sign-in for one brand (?brand=, else the brand last signed in to on this browser). */
export default async function SignIn({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const next = safePortalRedirect(one(q.redirect));
  if (await currentCustomer()) redirect(next);
  const brand = await portalBrand(one(q.brand) ?? (await cookies()).get(BRAND_COOKIE)?.value);
  const notice =
    providerFailure(q) ??
    (one(q.error) === "link"
      ? NOTICES.link
      : one(q.ended)
        ? NOTICES.ended
        : one(q.signed_out) === "everywhere"
          ? NOTICES.signed_out_everywhere
          : one(q.signed_out)
            ? NOTICES.signed_out
            : null);
  const providers = portalIdentityProviders();
  return (
    <AuthFrame brand={brand ? brandLook(brand) : null} title="Sign in to your account">
      {notice ? (
        <div className={`p-alert ${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </div>
      ) : null}
      {brand ? (
        <>
          <SignInForm brandId={brand.id} redirect={next} />
          <p className="p-auth-links">
            <Link href={`/portal/login/forgot?brand=${brand.id}`}>Forgot your password?</Link>
          </p>
          {providers.length ? (
            <>
              <p className="p-divider">or</p>
              <ProviderButtons brandId={brand.id} redirect={next} providers={providers} />
            </>
          ) : null}
        </>
      ) : (
        <p className="muted">Use the sign-in link from the business you have an account with: it takes you to their portal.</p>
      )}
    </AuthFrame>
  );
}
