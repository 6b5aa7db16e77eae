"use client";

import Link from "next/link";
import { useState } from "react";
import { forgotPassword } from "../actions";

/** Asks for a reset link; the answer never says whether the email is known. */
export function ForgotForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (sent) {
    return (
      <>
        <p className="alert success" role="status">
          If {email} belongs to a dashboard account, we have emailed it a link to choose a new password. The link works once, for 1 hour.
        </p>
        <p>
          <Link href="/sign-in">Back to sign-in</Link>
        </p>
      </>
    );
  }
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError("Enter the email address you sign in with.");
        setError(null);
        setBusy(true);
        await forgotPassword(email.trim());
        setBusy(false);
        setSent(true);
      }}
    >
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "email-error" : undefined}
        />
        {error && (
          <p className="field-error" id="email-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? "Sending…" : "Email me a reset link"}
      </button>
      <Link href="/sign-in" className="link-button">
        Back to sign-in
      </Link>
    </form>
  );
}
