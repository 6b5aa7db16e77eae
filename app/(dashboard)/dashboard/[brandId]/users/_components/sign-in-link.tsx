"use client";

import { useRef, useState } from "react";
import { fieldMessage } from "@/components/forms/form";
import { createUserToken } from "../actions";

const MINUTES = [1, 2, 5, 10] as const;

/**
 * User/CreateToken from the dashboard: a single-use portal sign-in link, shown once (it is never
 * stored in clear), with a copy button; staff pass it to the customer themselves.
 */
export function SignInLink({ brandId, userId, accountId, name }: { brandId: string; userId: string; accountId: string; name: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [minutes, setMinutes] = useState("10");
  const [redirect, setRedirect] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; parameter: string | null } | null>(null);
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const open = () => {
    setLink(null);
    setError(null);
    setCopied(false);
    ref.current?.showModal();
  };
  const create = async () => {
    setBusy(true);
    setError(null);
    const r = await createUserToken(brandId, {
      customer_account_id: accountId,
      user_id: userId,
      expiration: minutes,
      ...(redirect.trim() ? { cfp_redirect: redirect.trim() } : {}),
    });
    setBusy(false);
    if (!r.ok) return setError({ message: fieldMessage(r.error.message), parameter: r.error.parameter });
    // User/CreateToken's answer (an endpoint action: its data is the endpoint's record); dates cross as ISO strings.
    const token = r.data as { sign_in_url: string; expires: string };
    setLink({ url: token.sign_in_url, expires: String(token.expires) });
  };
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <>
      <button type="button" className="button secondary" onClick={open}>
        Portal sign-in link
      </button>
      <dialog ref={ref} className="dialog" aria-labelledby="sign-in-link-title">
        <h2 id="sign-in-link-title">Portal sign-in link for {name}</h2>
        {link ? (
          <div className="dialog-body">
            <p>
              Give this link to {name}. It signs them in to the customer portal once, until {new Date(link.expires).toISOString().slice(11, 16)} UTC. It is
              shown only now.
            </p>
            <div className="field">
              <label htmlFor="sign-in-url">Sign-in link</label>
              <input id="sign-in-url" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
            </div>
            <p role="status" className="muted">
              {copied ? "Copied to the clipboard." : ""}
            </p>
          </div>
        ) : (
          <div className="dialog-body form">
            <p>A single-use link that signs {name} in to the customer portal without a password.</p>
            <div className="field">
              <label htmlFor="token-minutes">Valid for</label>
              <select id="token-minutes" value={minutes} onChange={(e) => setMinutes(e.target.value)}>
                {MINUTES.map((m) => (
                  <option key={m} value={String(m)}>
                    {m} minute{m === 1 ? "" : "s"}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="token-redirect">Land on (optional)</label>
              <input
                id="token-redirect"
                value={redirect}
                onChange={(e) => setRedirect(e.target.value)}
                aria-describedby="token-redirect-hint"
                aria-invalid={error?.parameter === "cfp_redirect"}
              />
              <p className="hint" id="token-redirect-hint">
                A place in the portal, like subscribe
              </p>
            </div>
          </div>
        )}
        {error && (
          <p className="alert error" role="alert">
            {error.message}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={() => ref.current?.close()} disabled={busy}>
            {link ? "Done" : "Cancel"}
          </button>
          {link ? (
            <button type="button" className="button primary" onClick={copy}>
              Copy link
            </button>
          ) : (
            <button type="button" className="button primary" onClick={create} disabled={busy}>
              {busy ? "Creating…" : "Create link"}
            </button>
          )}
        </div>
      </dialog>
    </>
  );
}
