"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Table } from "@/components/ui/table";
import { formatInstant } from "@/lib/format";
import type { ApiKeyView } from "@/lib/keys/api-keys";
import { createApiKey, revokeApiKey } from "../actions";
import { SecretReveal } from "./secret-reveal";

/** Create (the key shown once, with a copy button), the account's keys with their last use, revoke behind a confirmation. */
export function ApiKeysPanel({ brandId, keys }: { brandId: string; keys: ApiKeyView[] }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await createApiKey(brandId, { name });
    setBusy(false);
    if (!r.ok) return setError(r.error.parameter === "name" ? `The name ${r.error.message}` : r.error.message);
    setMade({ name: r.data.name, key: r.data.key });
    setName("");
    router.refresh();
  }

  return (
    <>
      {made && (
        <SecretReveal id="new-api-key" label={`API key “${made.name}”`} value={made.key}>
          Only its hash is kept; send it as <code>X-Api-Key</code>.
        </SecretReveal>
      )}
      <form onSubmit={create} className="form inline-form" noValidate>
        <div className="field">
          <label htmlFor="api-key-name">Name of the new key</label>
          <input
            id="api-key-name"
            value={name}
            maxLength={100}
            placeholder="e.g. Billing sync"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "api-key-name-error" : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {error && (
            <p className="field-error" id="api-key-name-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Creating…" : "Create API key"}
        </button>
      </form>
      {keys.length === 0 ? (
        <p className="muted">No API keys yet.</p>
      ) : (
        <Table
          label="List of API keys"
          className="api-keys-table"
          rows={keys}
          rowKey={(k) => k.api_key_id}
          columns={[
            { header: "Name", className: "wrap", cell: (k) => k.name },
            { header: "Key", cell: (k) => <code>{k.prefix}…</code> },
            { header: "Created", cell: (k) => formatInstant(k.created) },
            { header: "Last used", cell: (k) => (k.last_used ? formatInstant(k.last_used) : "Never") },
            {
              header: "Status",
              cell: (k) =>
                k.status === "active" ? (
                  <span className="badge ok">Active</span>
                ) : (
                  <>
                    <span className="badge bad">Revoked</span>
                    <span className="muted stacked-note">{formatInstant(k.revoked)}</span>
                  </>
                ),
            },
            {
              header: <span className="visually-hidden">Actions</span>,
              className: "row-actions",
              cell: (k) =>
                k.status === "active" && (
                  <ConfirmButton
                    label="Revoke"
                    labelContext={k.name}
                    title={`Revoke “${k.name}”?`}
                    confirmLabel="Revoke key"
                    danger
                    onConfirm={async () => {
                      const r = await revokeApiKey(brandId, { api_key_id: k.api_key_id });
                      if (!r.ok) return r.error.message;
                      router.refresh();
                      return null;
                    }}
                  >
                    <p>
                      Every call made with <code>{k.prefix}…</code> is refused from now on, on every server. This cannot be undone: an integration still using
                      it needs a new key.
                    </p>
                  </ConfirmButton>
                ),
            },
          ]}
        />
      )}
    </>
  );
}
