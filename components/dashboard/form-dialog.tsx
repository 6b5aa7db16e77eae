"use client";

import { useRef, useState, type ReactNode } from "react";

/**
 * A button opening a modal dialog around a form (native <dialog>: focus stays inside, Escape
 * closes). The form is mounted only while open, so each opening starts fresh.
 */
export function FormDialog({
  label,
  title,
  children,
  primary,
}: {
  label: string;
  title: string;
  primary?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = `dialog-${label.replace(/\W+/g, "-").toLowerCase()}`;
  const close = () => ref.current?.close();
  return (
    <>
      <button
        type="button"
        className={`button ${primary ? "primary" : "secondary"}`}
        onClick={() => {
          setOpen(true);
          ref.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={ref} className="dialog form-dialog" aria-labelledby={id} onClose={() => setOpen(false)}>
        <h2 id={id}>{title}</h2>
        {open && children(close)}
      </dialog>
    </>
  );
}
