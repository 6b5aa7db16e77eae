import Link from "next/link";
import { linkInfo } from "@/lib/staff/links";
import { SetPasswordForm } from "../_components/set-password-form";

export const metadata = { title: "Choose your password · Recurring Billing" };
export const dynamic = "force-dynamic";

/** Where an invitation or a reset link lands: the link is checked before the form is shown. */
export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const info = token ? await linkInfo(token) : null;
  return (
    <main className="auth-page">
      <div className="auth-card">
        {info ? (
          <>
            <h1>{info.purpose === "invite" ? "Welcome! Choose your password" : "Choose a new password"}</h1>
            <p className="muted">
              For {info.name} ({info.email}).
            </p>
            <SetPasswordForm token={token} email={info.email} />
          </>
        ) : (
          <>
            <h1>This link does not work any more</h1>
            <p className="alert error" role="alert">
              The link has expired or was already used. Links work once: an invitation for 7 days, a password reset for 1 hour.
            </p>
            <p>
              <Link href="/forgot-password">Ask for a new link</Link> or ask an ADMIN of your account to send a new invitation.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
