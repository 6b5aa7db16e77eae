"use client";

import { useParams } from "next/navigation";
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import type { AccountChoice } from "@/lib/accounts/account-choices";
import type { ActionResult } from "@/lib/actions/define-action";
import styles from "./account-picker.module.css";

/** How long typing pauses before the server is asked. */
export const SEARCH_DELAY_MS = 250;

/** The server action that finds the matches (the accounts section's): a component never imports a route's own code. */
export type FindAccountChoices = (brandId: string, input: Record<string, string>) => Promise<ActionResult<{ accounts: AccountChoice[]; more: boolean }>>;

const Finder = createContext<FindAccountChoices | null>(null);

/** Given by the dashboard's layout, around every page that may hold a picker. */
export function AccountChoicesProvider({ find, children }: { find: FindAccountChoices; children: ReactNode }) {
  return <Finder.Provider value={find}>{children}</Finder.Provider>;
}

/** Names of accounts already seen, so a form remounted on the same account shows it at once. */
const known = new Map<string, string>();

type Search = { state: "idle" } | { state: "busy" } | { state: "done"; accounts: AccountChoice[]; more: boolean } | { state: "failed"; message: string };

/**
 * A customer account picker that searches as staff type (the brand's active accounts, through a
 * server action over the accounts list query), for brands with more accounts than a select could
 * hold. The ARIA combobox pattern: a text input with a listbox of matches, arrows move, Enter
 * chooses, Escape closes; a live status says when it is searching or nothing matches. The chosen
 * account's id is the value, also in a hidden input under `name`.
 */
export function AccountPicker({
  id,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  invalid,
  describedBy,
  placeholder = "Type a name, company or email…",
}: {
  id: string;
  name: string;
  value: string;
  onChange: (accountId: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const { brandId } = useParams<{ brandId: string }>();
  const findAccountChoices = useContext(Finder);
  if (!findAccountChoices) throw new Error("AccountPicker needs an AccountChoicesProvider (the dashboard layout gives it)");
  const listId = `${useId()}-accounts`;
  const statusId = `${listId}-status`;
  const [text, setText] = useState(() => known.get(value) ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, setSearch] = useState<Search>({ state: "idle" });
  const asked = useRef(0);
  const [query, setQuery] = useState<string | null>(null);

  // A preset account (from the page's address): its name, asked once.
  useEffect(() => {
    if (!value || known.has(value)) {
      if (value) setText(known.get(value)!);
      return;
    }
    let live = true;
    findAccountChoices(brandId, { customer_account_id: value }).then((r) => {
      if (!live) return;
      // Not the brand's (a stale or edited address): nothing is chosen.
      if (!r.ok && r.error.code === "NOT_FOUND") return onChange("");
      if (!r.ok || !r.data.accounts[0]) return;
      known.set(value, r.data.accounts[0].label);
      setText(r.data.accounts[0].label);
    });
    return () => {
      live = false;
    };
  }, [brandId, value]);

  // Matches for what is typed, after a pause; an older answer never replaces a newer one.
  useEffect(() => {
    if (query === null) return;
    const n = ++asked.current;
    setSearch({ state: "busy" });
    const timer = setTimeout(async () => {
      const r = await findAccountChoices(brandId, { q: query.trim() }).catch(() => null);
      if (n !== asked.current) return;
      if (!r || !r.ok) return setSearch({ state: "failed", message: r && !r.ok ? r.error.message : "The search failed; try again." });
      for (const a of r.data.accounts) known.set(a.value, a.label);
      setSearch({ state: "done", accounts: r.data.accounts, more: r.data.more });
      setActive(r.data.accounts.length ? 0 : -1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [brandId, query]);

  const accounts = search.state === "done" ? search.accounts : [];
  const showList = open && query !== null;

  const choose = (a: AccountChoice) => {
    setText(a.label);
    setOpen(false);
    setQuery(null);
    onChange(a.value);
  };
  const close = () => {
    setOpen(false);
    // Left without choosing: the field shows the account it holds (or stays as typed when none).
    if (value && known.has(value)) setText(known.get(value)!);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!showList) {
        setOpen(true);
        if (query === null) setQuery(value ? "" : text);
        return;
      }
      if (!accounts.length) return;
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % accounts.length : (i - 1 + accounts.length) % accounts.length));
    } else if (e.key === "Enter") {
      // Enter chooses from an open list rather than submitting the form.
      if (showList) {
        e.preventDefault();
        if (accounts[active]) choose(accounts[active]);
      }
    } else if (e.key === "Escape") {
      if (showList) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    }
  };

  const status =
    search.state === "busy"
      ? "Searching…"
      : search.state === "failed"
        ? search.message
        : search.state === "done"
          ? accounts.length === 0
            ? `No active account matches “${query?.trim()}”.`
            : search.more
              ? `The first ${accounts.length} matches; type more to narrow them.`
              : `${accounts.length} ${accounts.length === 1 ? "match" : "matches"}.`
          : "";

  return (
    <div className={styles.picker}>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && accounts[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-required={required || undefined}
        aria-describedby={[describedBy, showList ? statusId : ""].filter(Boolean).join(" ") || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setQuery(e.target.value);
          // Typing replaces the choice: nothing is chosen until an account is picked.
          if (value) onChange("");
        }}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <input type="hidden" name={name} value={value} />
      <div className={styles.popup} hidden={!showList}>
        <ul id={listId} role="listbox" aria-label="Matching accounts" className={styles.list} hidden={accounts.length === 0}>
          {accounts.map((a, i) => (
            <li
              key={a.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? styles.active : undefined}
              // mousedown, not click: the input must not lose its focus (and close the list) first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(a);
              }}
              onMouseMove={() => setActive(i)}
            >
              {a.label}
            </li>
          ))}
        </ul>
        {status && (
          <p className={styles.status} aria-hidden="true">
            {status}
          </p>
        )}
      </div>
      {/* Always in the page, so a screen reader hears each change ("Searching…", "No active account matches"). */}
      <p id={statusId} role="status" className="visually-hidden">
        {showList ? status : ""}
      </p>
    </div>
  );
}
