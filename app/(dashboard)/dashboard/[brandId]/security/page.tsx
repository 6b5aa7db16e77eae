import { dashboardContext } from "@/app/_auth/session";
import { totpStatus } from "@/lib/staff/totp";
import { TotpSetup } from "./totp-setup";

export const metadata = { title: "Security · Recurring Billing" };

export default async function SecurityPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const { enabled } = await totpStatus(ctx);
  return (
    <>
      <h1>Security</h1>
      <section className="card" aria-labelledby="totp">
        <h2 id="totp">Two-factor sign-in</h2>
        <p>
          With two-factor sign-in on, signing in to the dashboard also asks for a 6-digit code from an authenticator app (such as 1Password, Google
          Authenticator or Authy) on your phone.
        </p>
        <TotpSetup brandId={brandId} enabled={enabled} />
      </section>
    </>
  );
}
