import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { BRAND_COOKIE, safePortalRedirect } from "@/lib/auth/customer-session";
import { brandLook } from "@/lib/portal/queries";
import { portalBrand } from "@/lib/portal/sign-in";
import { currentCustomer } from "../_lib/session";
import { AuthFrame } from "./auth-frame";
import { SignInForm } from "./forms";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const NOTICES: Record<string, { tone: "error" | "info"; text: string }> = {
  link: { tone: "error", text: "This sign-in link has expired or was already used. Sign in with your password, or ask for a new link." },
  ended: { tone: "info", text: "Your session has ended. Please sign in again." },
  signed_out: { tone: "info", text: "You have signed out." },
};

/** Password sign-in for one brand (?brand=, else the brand last signed in to on this browser). */
export default async function SignIn({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const next = safePortalRedirect(one(q.redirect));
  if (await currentCustomer()) redirect(next);
  const brand = await portalBrand(one(q.brand) ?? (await cookies()).get(BRAND_COOKIE)?.value);
  const notice = one(q.error) === "link" ? NOTICES.link : one(q.ended) ? NOTICES.ended : one(q.signed_out) ? NOTICES.signed_out : null;
  return (
    <AuthFrame brand={brand ? brandLook(brand) : null} title="Sign in to your account">
      {notice ? (
        <div className={`p-alert ${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </div>
      ) : null}
      {brand ? (
        <SignInForm brandId={brand.id} redirect={next} />
      ) : (
        <p className="muted">Use the sign-in link from the business you have an account with: it takes you to their portal.</p>
      )}
    </AuthFrame>
  );
}
