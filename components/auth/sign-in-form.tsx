"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useHydrated } from "../ui/use-hydrated";

const MESSAGES: Record<string, string> = {
  WRONG: "We couldn't sign you in with that email and password. Check them and try again. After several failed tries, sign-in is paused for 15 minutes.",
  TOTP_WRONG: "That code is not right or was used already. Enter the current 6-digit code from your authenticator app.",
};

/** Email and password; when the account has two-factor sign-in on, then the 6-digit code. */
export function SignInForm({ callbackUrl, initialEmail = "" }: { callbackUrl: string; initialEmail?: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await signIn("credentials", { redirect: false, email, password, code: needsCode ? code : "", callbackUrl });
    setBusy(false);
    if (res?.ok && !res.error) {
      router.replace(callbackUrl);
      router.refresh();
      return;
    }
    if (res?.error === "TOTP_REQUIRED") {
      setNeedsCode(true);
      return;
    }
    setError(MESSAGES[res?.error ?? ""] ?? MESSAGES.WRONG);
  }

  return (
    <form onSubmit={submit} className="form" noValidate>
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} readOnly={needsCode} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          readOnly={needsCode}
        />
      </div>
      {needsCode && (
        <div className="field">
          <label htmlFor="code">Authentication code</label>
          <p className="hint" id="code-hint">
            Two-factor sign-in is on for this account: enter the 6-digit code from your authenticator app.
          </p>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            autoFocus
            aria-describedby="code-hint"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
        </div>
      )}
      <button type="submit" className="button primary wide" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : needsCode ? "Verify and sign in" : "Sign in"}
      </button>
      {needsCode && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setNeedsCode(false);
            setCode("");
            setPassword("");
            setError(null);
          }}
        >
          Use another account
        </button>
      )}
    </form>
  );
}
