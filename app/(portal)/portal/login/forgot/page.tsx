import Link from "next/link";
import { cookies } from "next/headers";
import { BRAND_COOKIE } from "@/lib/auth/customer-session";
import { brandLook } from "@/lib/portal/queries";
import { portalBrand } from "@/lib/portal/sign-in";
import { AuthFrame } from "../auth-frame";
import { ForgotForm } from "../forms";

export const metadata = { title: "Forgot your password?" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Asks for a temporary password by email (User/PasswdReset) for one brand's customer. */
export default async function Forgot({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const brand = await portalBrand(one(q.brand) ?? (await cookies()).get(BRAND_COOKIE)?.value);
  return (
    <AuthFrame brand={brand ? brandLook(brand) : null} title="Forgot your password?">
      {brand ? (
        <>
          <p className="muted">Enter the email address or username you sign in with. We&apos;ll email you a temporary password that works for one hour.</p>
          <ForgotForm brandId={brand.id} />
          <p className="p-auth-links">
            <Link href={`/portal/login?brand=${brand.id}`}>Back to sign in</Link>
          </p>
        </>
      ) : (
        <p className="muted">Use the sign-in link from the business you have an account with: it takes you to their portal.</p>
      )}
    </AuthFrame>
  );
}
