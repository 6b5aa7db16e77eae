"use client";
import { useId, useRef, useState, type ReactNode } from "react";
import "./billing.css";

/**
 * A button that opens a modal dialog saying what will happen; only its confirm button acts. The
 * native <dialog> traps focus and closes on Escape. onConfirm answers an error message, or null.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  danger,
  buttonClass = "p-button secondary",
  ariaLabel,
  onConfirm,
}: {
  label: string;
  /** A fuller name for the button than its visible label (e.g. which card "Remove" removes). */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  buttonClass?: string;
  onConfirm: () => Promise<string | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button type="button" className={buttonClass} aria-label={ariaLabel} onClick={() => (setError(null), ref.current?.showModal())}>
        {label}
      </button>
      <dialog ref={ref} className="p-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-body`}>{children}</div>
        {error ? (
          <div className="p-alert error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="p-actions">
          <button type="button" className="p-button secondary" onClick={() => ref.current?.close()} disabled={busy}>
            Keep it
          </button>
          <button
            type="button"
            className={`p-button${danger ? " danger" : ""}`}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const problem = await onConfirm();
              setBusy(false);
              if (problem) setError(problem);
              else ref.current?.close();
            }}
          >
            {busy ? "Working…" : confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
