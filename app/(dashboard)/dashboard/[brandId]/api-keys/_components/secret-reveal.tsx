"use client";

import { useState } from "react";

/** A secret shown once: read-only, selected on focus, with a copy button; it cannot be shown again. */
export function SecretReveal({ id, label, value, children }: { id: string; label: string; value: string; children?: React.ReactNode }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="alert success secret-reveal" role="status">
      <p>
        <strong>Copy it now: it is shown only this once.</strong> {children}
      </p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="inline-form">
          <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} spellCheck={false} data-testid={id} />
          <button
            type="button"
            className="button primary"
            onClick={async () => {
              await navigator.clipboard?.writeText(value).catch(() => undefined);
              setCopied(true);
            }}
          >
            Copy
          </button>
        </div>
      </div>
      <p className="muted" aria-live="polite">
        {copied ? "Copied to the clipboard." : ""}
      </p>
    </div>
  );
}
