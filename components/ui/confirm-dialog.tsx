"use client";

import { useId, useRef, useState, type ReactNode } from "react";

/**
 * A button that opens a modal <dialog> saying what will happen; only "confirm" runs the action.
 * The native dialog traps focus and closes on Escape.
 */
export function ConfirmButton({
  label,
  labelContext,
  title,
  children,
  confirmLabel,
  danger,
  onConfirm,
}: {
  label: string;
  /** Read by screen readers after the label, not shown: which row's "Delete" this is. */
  labelContext?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<string | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Unique per button: a table has one dialog per row.
  const titleId = `confirm-${useId()}`;
  return (
    <>
      <button type="button" className={`button ${danger ? "danger" : "secondary"}`} onClick={() => (setError(null), ref.current?.showModal())}>
        {label}
        {labelContext && <span className="visually-hidden"> {labelContext}</span>}
      </button>
      <dialog ref={ref} className="dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={() => ref.current?.close()} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={`button ${danger ? "danger" : "primary"}`}
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
