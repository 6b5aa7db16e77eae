"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { choosePassword } from "../actions";

/** A new password, typed twice; on success, to sign-in with the email filled in. */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<{ password?: string; again?: string; token?: string }>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (password.length < 10) return setErrors({ password: "Use at least 10 characters." });
        if (password !== again) return setErrors({ again: "The two passwords are not the same." });
        setErrors({});
        setBusy(true);
        const r = await choosePassword(token, password);
        setBusy(false);
        if (!r.ok) return setErrors({ [r.parameter]: r.message });
        router.push(`/sign-in?password=set&email=${encodeURIComponent(r.email)}`);
      }}
    >
      {errors.token && (
        <p className="alert error" role="alert">
          {errors.token} <Link href="/forgot-password">Ask for a new link</Link>.
        </p>
      )}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      {(
        [
          ["password", "New password", password, setPassword, "At least 10 characters. A few unrelated words make a strong one."],
          ["again", "New password again", again, setAgain, null],
        ] as const
      ).map(([name, label, value, set, hint]) => (
        <div className="field" key={name}>
          <label htmlFor={name}>{label}</label>
          {hint && (
            <p className="hint" id={`${name}-hint`}>
              {hint}
            </p>
          )}
          <input
            id={name}
            type="password"
            autoComplete="new-password"
            required
            value={value}
            onChange={(e) => set(e.target.value)}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={[hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined}
          />
          {errors[name] && (
            <p className="field-error" id={`${name}-error`} role="alert">
              {errors[name]}
            </p>
          )}
        </div>
      ))}
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? "Saving…" : "Set password"}
      </button>
    </form>
  );
}
