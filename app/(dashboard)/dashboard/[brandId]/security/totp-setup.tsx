"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { confirmTotp, disableTotp, startTotp } from "./actions";

/** Enrolment: a QR code (and the secret, to type in), then the first code confirms it. */
export function TotpSetup({ brandId, enabled }: { brandId: string; enabled: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState<{ qr: string; secret: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function start() {
    setError(null);
    const r = await startTotp(brandId, {});
    if (!r.ok) return setError(r.error.message);
    const d = r.data as { qr: string; secret: string };
    setPending({ qr: d.qr, secret: d.secret });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const r = await (enabled ? disableTotp : confirmTotp)(brandId, { code });
    if (!r.ok) return setError(r.error.message.replace(/^code /, "The code "));
    setPending(null);
    setCode("");
    setDone(enabled ? "Two-factor sign-in is off." : "Two-factor sign-in is on. Next time you sign in, have your authenticator app ready.");
    router.refresh();
  }

  const codeForm = (label: string, button: string) => (
    <form onSubmit={submit} className="form inline-form" noValidate>
      <div className="field">
        <label htmlFor="totp-code">{label}</label>
        <input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "totp-error" : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
        />
        {error && (
          <p className="field-error" id="totp-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button primary">
        {button}
      </button>
    </form>
  );

  return (
    <div>
      {done && (
        <p className="alert success" role="status">
          {done}
        </p>
      )}
      <p>
        Status: <strong>{enabled ? "On" : "Off"}</strong>
      </p>
      {enabled ? (
        codeForm("Current code, to turn it off", "Turn off two-factor sign-in")
      ) : pending ? (
        <div className="totp-enrol">
          <ol>
            <li>Scan this QR code with your authenticator app.</li>
            <li>
              Or enter this key by hand: <code data-testid="totp-secret">{pending.secret}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <img src={pending.qr} width={220} height={220} alt="QR code to add this account to an authenticator app" />
          {codeForm("Code from the app", "Turn on two-factor sign-in")}
        </div>
      ) : (
        <>
          {error && (
            <p className="alert error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="button primary" onClick={start}>
            Set up two-factor sign-in
          </button>
        </>
      )}
    </div>
  );
}
