"use client";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal confirmation (the native <dialog>: focus is trapped and Escape cancels) saying what will
 * happen before a destructive action.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="p-dialog" aria-labelledby="confirm-title" onCancel={onCancel} onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      {error ? (
        <div className="p-alert error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="p-actions">
        <button className="p-button secondary" type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button className="p-button danger" type="button" onClick={onConfirm} disabled={busy}>
          {busy ? "Working…" : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
