import Link from "next/link";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata = { title: "Sign in · Recurring Billing" };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Only a path on this site is followed after sign-in. */
const safeCallback = (v: string | string[] | undefined) => {
  const s = first(v);
  return s && s.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\") ? s : "/dashboard";
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const passwordSet = first(sp.password) === "set";
  const signedOutEverywhere = first(sp.signed_out) === "everywhere";
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Sign in to the dashboard</h1>
        {passwordSet ? (
          <p className="alert success" role="status">
            Your password is set. Sign in with it now.
          </p>
        ) : signedOutEverywhere ? (
          <p className="alert success" role="status">
            You have signed out on every computer and browser.
          </p>
        ) : (
          <p className="muted">Brand staff: use your staff email and password.</p>
        )}
        <SignInForm callbackUrl={safeCallback(sp.callbackUrl)} initialEmail={passwordSet ? (first(sp.email) ?? "").slice(0, 254) : ""} />
        <p className="auth-footer">
          <Link href="/forgot-password">Forgot your password?</Link>
        </p>
      </div>
    </main>
  );
}
