"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { STATUS_OPTIONS } from "@/lib/tickets/labels";
import { deleteTicket, mergeTickets, updateTicket } from "../actions";
import styles from "./thread.module.css";

interface Ticket {
  ticket_id: string;
  friendly_ticket_id: number;
  subject: string;
  working_status: string;
}

const name = (t: Pick<Ticket, "friendly_ticket_id" | "subject">) => `#${t.friendly_ticket_id} “${t.subject}”`;

/** The working status, saved on change of the select. */
export function StatusControl({ brandId, ticket }: { brandId: string; ticket: Ticket }) {
  const router = useRouter();
  const [status, setStatus] = useState(ticket.working_status);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const r = await updateTicket(brandId, { ticket_id: ticket.ticket_id, working_status: status });
    setBusy(false);
    setMessage(r.ok ? { ok: true, text: "Status saved." } : { ok: false, text: r.error.message });
    if (r.ok) router.refresh();
  };
  return (
    <div className={styles.status}>
      <label htmlFor="working_status">Status</label>
      <select id="working_status" value={status} onChange={(e) => setStatus(e.target.value)}>
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="button" className="button secondary" onClick={save} disabled={busy || status === ticket.working_status}>
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
  const [otherId, setOtherId] = useState(candidates[0]?.ticket_id ?? "");
  const [keepThis, setKeepThis] = useState(true);
  if (!candidates.length) return null;
  const other = candidates.find((c) => c.ticket_id === otherId) ?? candidates[0];
  const [survivor, merged] = keepThis ? [ticket, other] : [other, ticket];
  return (
    <ConfirmButton
      label="Merge…"
      title="Merge tickets"
      confirmLabel={`Merge into #${survivor.friendly_ticket_id}`}
      danger
      onConfirm={async () => {
        const r = await mergeTickets(brandId, { ticket_id: survivor.ticket_id, merge_ticket_id: merged.ticket_id });
        if (!r.ok) return r.error.message;
        if (survivor.ticket_id !== ticket.ticket_id) router.push(`/dashboard/${brandId}/tickets/${survivor.ticket_id}`);
        router.refresh();
        return null;
      }}
    >
      <div className="form">
        <div className="field">
          <label htmlFor="merge-other">Merge with</label>
          <select id="merge-other" value={other.ticket_id} onChange={(e) => setOtherId(e.target.value)}>
            {candidates.map((c) => (
              <option key={c.ticket_id} value={c.ticket_id}>
                {name(c)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.choice}>
          <legend>Which ticket survives</legend>
          <label className={styles.radio}>
            <input type="radio" name="survivor" checked={keepThis} onChange={() => setKeepThis(true)} /> This one, #{ticket.friendly_ticket_id}
          </label>
          <label className={styles.radio}>
            <input type="radio" name="survivor" checked={!keepThis} onChange={() => setKeepThis(false)} /> The other, #{other.friendly_ticket_id}
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
        const r = await deleteTicket(brandId, { ticket_id: ticket.ticket_id });
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
