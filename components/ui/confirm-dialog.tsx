"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import { useHydrated } from "./use-hydrated";

/** The dashboard's classes, or the customer portal's (its own look, billing.css). */
const LOOKS = {
  dashboard: {
    dialog: "dialog",
    body: "dialog-body",
    actions: "dialog-actions",
    alert: "alert error",
    cancel: "button secondary",
    confirm: "button primary",
    danger: "button danger",
    cancelLabel: "Cancel",
  },
  portal: {
    dialog: "p-dialog",
    body: undefined,
    actions: "p-actions",
    alert: "p-alert error",
    cancel: "p-button secondary",
    confirm: "p-button",
    danger: "p-button danger",
    cancelLabel: "Keep it",
  },
} as const;

/**
 * A button that opens a modal <dialog> saying what will happen; only its confirm button acts. The
 * native dialog traps focus and closes on Escape. onConfirm answers an error message (shown in the
 * dialog, which stays open) or null (the dialog closes).
 */
export function ConfirmButton({
  label,
  labelContext,
  ariaLabel,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  look = "dashboard",
  buttonClass,
  onConfirm,
}: {
  label: string;
  /** Read by screen readers after the label, not shown: which row's "Delete" this is. */
  labelContext?: string;
  /** A fuller name for the button than its visible label (e.g. which card "Remove" removes). */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Default: "Cancel" in the dashboard, "Keep it" in the portal. */
  cancelLabel?: string;
  danger?: boolean;
  look?: keyof typeof LOOKS;
  /** The opening button's classes (default: the look's danger or secondary button). */
  buttonClass?: string;
  onConfirm: () => Promise<string | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Unique per button: a table has one dialog per row.
  const id = `confirm-${useId()}`;
  const c = LOOKS[look];
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className={buttonClass ?? (danger ? c.danger : c.cancel)}
        aria-label={ariaLabel}
        disabled={!hydrated}
        onClick={() => (setError(null), ref.current?.showModal())}
      >
        {label}
        {labelContext && <span className="visually-hidden"> {labelContext}</span>}
      </button>
      <dialog ref={ref} className={c.dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-body`} className={c.body}>
          {children}
        </div>
        {error && (
          <div className={c.alert} role="alert">
            {error}
          </div>
        )}
        <div className={c.actions}>
          <button type="button" className={c.cancel} onClick={() => ref.current?.close()} disabled={busy}>
            {cancelLabel ?? c.cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? c.danger : c.confirm}
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

/**
 * For a dashboard ConfirmButton's onConfirm: runs the action, answers its refusal's message (shown
 * in the dialog) or, on success, goes to `then` (or stays) and refreshes the page's data.
 */
export function useConfirmAction() {
  const router = useRouter();
  return (call: () => Promise<ActionResult>, then?: string) => async () => {
    const r = await call();
    if (!r.ok) return r.error.message;
    if (then) router.push(then);
    router.refresh();
    return null;
  };
}
