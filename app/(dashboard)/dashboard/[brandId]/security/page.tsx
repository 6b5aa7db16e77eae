import { dashboardContext } from "@/app/_auth/session";
import { ownUserKey } from "@/lib/keys/user-key";
import { totpStatus } from "@/lib/staff/totp";
import { UserKeyPanel } from "../api-keys/_components/user-key-panel";
import { TotpSetup } from "./totp-setup";
import { SignOutEverywhere } from "./sign-out-everywhere";

export const metadata = { title: "Security · Recurring Billing" };

export default async function SecurityPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const [{ enabled }, userKey] = await Promise.all([totpStatus(ctx), ownUserKey(ctx)]);
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
      <section className="card" aria-labelledby="user-key">
        <h2 id="user-key">Your user key</h2>
        <p>API calls made on your behalf carry your user key (with an API key of your account). Replace it if it may have leaked.</p>
        <UserKeyPanel brandId={brandId} userKey={userKey} />
      </section>
      <section className="card" aria-labelledby="sessions">
        <h2 id="sessions">Sessions</h2>
        <p>
          Signing out ends this browser&apos;s session. If you left the dashboard signed in somewhere else, or think someone may have your session, sign out
          everywhere.
        </p>
        <SignOutEverywhere brandId={brandId} />
      </section>
    </>
  );
}
