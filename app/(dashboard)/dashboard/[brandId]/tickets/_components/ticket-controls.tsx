"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { statusOptions } from "@/lib/format";
import type { MergeCandidate } from "@/lib/tickets/read";
import { deleteTicket, mergeTickets, updateTicket } from "../actions";
import styles from "./thread.module.css";

/** What the controls know of a ticket (lib/tickets/read.ts). */
type Ticket = MergeCandidate;

const name = (t: Pick<Ticket, "number" | "subject">) => `#${t.number} “${t.subject}”`;

/** The working status, saved on change of the select. */
export function StatusControl({ brandId, ticket }: { brandId: string; ticket: Ticket }) {
  const router = useRouter();
  const [status, setStatus] = useState<string>(ticket.workingStatus);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const r = await updateTicket(brandId, { ticket_id: ticket.id, working_status: status });
    setBusy(false);
    setMessage(r.ok ? { ok: true, text: "Status saved." } : { ok: false, text: r.error.message });
    if (r.ok) router.refresh();
  };
  return (
    <div className={styles.status}>
      <label htmlFor="working_status">Status</label>
      <select id="working_status" value={status} onChange={(e) => setStatus(e.target.value)}>
        {statusOptions("ticket").map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="button" className="button secondary" onClick={save} disabled={busy || status === ticket.workingStatus}>
        {busy ? "Saving…" : "Save status"}
      </button>
      <span role="status" className={message?.ok === false ? "field-error" : "muted"}>
        {message?.text ?? ""}
      </span>
    </div>
  );
}

/**
 * Merge with another ticket of the same customer account and subscription (Ticket/Merge). The
 * dialog names the ticket that survives (and keeps its subject, direction and department) and the
 * one that ceases to exist; this one survives unless staff choose otherwise.
 */
export function MergeControl({ brandId, ticket, candidates }: { brandId: string; ticket: Ticket; candidates: Ticket[] }) {
  const router = useRouter();
  const [otherId, setOtherId] = useState(candidates[0]?.id ?? "");
  const [keepThis, setKeepThis] = useState(true);
  if (!candidates.length) return null;
  const other = candidates.find((c) => c.id === otherId) ?? candidates[0];
  const [survivor, merged] = keepThis ? [ticket, other] : [other, ticket];
  return (
    <ConfirmButton
      label="Merge…"
      title="Merge tickets"
      confirmLabel={`Merge into #${survivor.number}`}
      danger
      onConfirm={async () => {
        const r = await mergeTickets(brandId, { ticket_id: survivor.id, merge_ticket_id: merged.id });
        if (!r.ok) return r.error.message;
        if (survivor.id !== ticket.id) router.push(`/dashboard/${brandId}/tickets/${survivor.id}`);
        router.refresh();
        return null;
      }}
    >
      <div className="form">
        <div className="field">
          <label htmlFor="merge-other">Merge with</label>
          <select id="merge-other" value={other.id} onChange={(e) => setOtherId(e.target.value)}>
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {name(c)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.choice}>
          <legend>Which ticket survives</legend>
          <label className={styles.radio}>
            <input type="radio" name="survivor" checked={keepThis} onChange={() => setKeepThis(true)} /> This one, #{ticket.number}
          </label>
          <label className={styles.radio}>
            <input type="radio" name="survivor" checked={!keepThis} onChange={() => setKeepThis(false)} /> The other, #{other.number}
          </label>
        </fieldset>
        <p>
          <strong>{name(survivor)}</strong> survives: it keeps its subject, direction, department and status, and receives every message of{" "}
          <strong>{name(merged)}</strong>, which ceases to exist. This cannot be undone.
        </p>
      </div>
    </ConfirmButton>
  );
}

export function DeleteTicket({ brandId, ticket }: { brandId: string; ticket: Ticket }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Delete"
      title={`Delete ticket ${name(ticket)}?`}
      confirmLabel="Delete ticket"
      danger
      onConfirm={async () => {
        const r = await deleteTicket(brandId, { ticket_id: ticket.id });
        if (!r.ok) return r.error.message;
        router.push(`/dashboard/${brandId}/tickets`);
        router.refresh();
        return null;
      }}
    >
      <p>The ticket and all its messages are deleted. This cannot be undone.</p>
    </ConfirmButton>
  );
}
