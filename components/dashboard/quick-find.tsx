"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** One record found by the global search; `href` is the record's dashboard page. */
export interface FoundRecord {
  kind: string;
  id: string;
  title: string;
  detail: string;
  href: string;
}

export type SearchGroups = { label: string; results: FoundRecord[] }[];
export type SearchFn = (brandId: string, q: string) => Promise<SearchGroups>;

/** Typing in a field (or a dialog already open) keeps "/" for itself. */
const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) || Boolean(el.closest("dialog[open]")));

/**
 * Global search from anywhere in the dashboard: "/" or Ctrl+K (Cmd+K) opens it; results come from
 * the server (brand-scoped) as you type; Enter opens the full results page.
 */
export function QuickFind({ brandId, search }: { brandId: string; search: SearchFn }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [groups, setGroups] = useState<SearchGroups | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const hide = () => dialog.current?.close();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k";
      if (ctrlK || (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target))) {
        if (dialog.current?.open) return;
        e.preventDefault();
        setOpen(true);
        dialog.current?.showModal();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Results for what is typed, 200 ms after the last key; an older answer never replaces a newer one.
  useEffect(() => {
    const text = q.trim();
    if (!open || text.length < 2) return;
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const found = await search(brandId, text);
        if (n === asked.current) {
          setGroups(found);
          setFailed(false);
        }
      } catch {
        if (n === asked.current) setFailed(true);
      } finally {
        if (n === asked.current) setBusy(false);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [q, open, brandId, search]);

  const shown = q.trim().length >= 2 ? groups : null;
  const count = shown?.reduce((n, g) => n + g.results.length, 0) ?? 0;

  return (
    <>
      <button type="button" className="quick-find-button" onClick={show} aria-keyshortcuts="/ Control+K">
        <span>Quick find</span>
        <kbd aria-hidden="true">/</kbd>
      </button>
      <dialog ref={dialog} className="dialog quick-find" aria-label="Quick find" onClose={() => setOpen(false)}>
        {open && (
          <>
            <form
              role="search"
              onSubmit={(e) => {
                e.preventDefault();
                if (!q.trim()) return;
                hide();
                router.push(`/dashboard/${brandId}/search?q=${encodeURIComponent(q.trim())}`);
              }}
            >
              <label htmlFor="quick-find-q">Find customers, subscriptions, invoices and tickets</label>
              <input
                id="quick-find-q"
                type="search"
                autoFocus
                autoComplete="off"
                value={q}
                onChange={(e) => setQ(e.target.value)}
                placeholder="Name, email, company, id or ticket number"
                aria-describedby="quick-find-status"
              />
            </form>
            <p id="quick-find-status" className="hint" role="status">
              {q.trim().length < 2
                ? "Type at least 2 characters. Enter shows every result."
                : failed
                  ? "The search failed; try again."
                  : busy && !shown
                    ? "Searching…"
                    : `${count} result${count === 1 ? "" : "s"}${busy ? " · searching…" : ""}. Enter shows every result.`}
            </p>
            {shown?.map((g) =>
              g.results.length ? (
                <section key={g.label} className="quick-find-group" aria-label={g.label}>
                  <h3>{g.label}</h3>
                  <ul>
                    {g.results.map((r) => (
                      <li key={r.id}>
                        <Link href={r.href} onClick={hide}>
                          <span className="quick-find-title">{r.title}</span>
                          <span className="muted">{r.detail}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null,
            )}
            <div className="dialog-actions">
              <button type="button" className="button secondary" onClick={hide}>
                Close
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
