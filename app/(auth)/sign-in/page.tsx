import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata = { title: "Sign in · Recurring Billing" };

/** Only a path on this site is followed after sign-in. */
const safeCallback = (v: string | string[] | undefined) => {
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.startsWith("/") && !s.startsWith("//") && !s.startsWith("/\\") ? s : "/dashboard";
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Sign in to the dashboard</h1>
        <p className="muted">Brand staff: use your staff email and password.</p>
        <SignInForm callbackUrl={safeCallback(sp.callbackUrl)} />
      </div>
    </main>
  );
}
