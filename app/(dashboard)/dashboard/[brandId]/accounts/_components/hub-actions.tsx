"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormDialog } from "@/components/dashboard/form-dialog";
import { choices, Form, type FormProps, type Field } from "@/components/forms/form";
import { CreateNoteParams } from "@/lib/notes/schemas";
import { CreateTicketParams } from "@/lib/tickets/schemas";
import { CreateTokenParams } from "@/lib/users/schemas";
import { addNote, openTicket, portalSignInLink } from "../actions";

const NOTE_FIELDS: Field[] = [
  { name: "subject", label: "Subject", required: true },
  { name: "contents", label: "Note", required: true, kind: "textarea", rows: 4 },
];

const TICKET_FIELDS: Field[] = [
  { name: "subject", label: "Subject", required: true },
  {
    name: "direction",
    label: "Visible to",
    options: choices(["EXTERNAL", "The customer (shown in their portal)"], ["INTERNAL", "Staff only"]),
  },
  { name: "department", label: "Department", hint: "Optional, like Billing" },
  { name: "message", label: "Message", required: true, kind: "textarea", rows: 4 },
];

/** A form in a dialog that adds to the account, then shows the account as it now is. */
function AddDialog({ label, title, ...form }: { label: string; title: string } & Pick<FormProps, "fields" | "schema" | "fixed" | "defaults" | "submit">) {
  const router = useRouter();
  return (
    <FormDialog label={label} title={title}>
      {(close) => (
        <Form
          layout="stack"
          {...form}
          submitLabel={label}
          onCancel={close}
          onDone={() => {
            close();
            router.refresh();
          }}
        />
      )}
    </FormDialog>
  );
}

/** The customer hub's actions: add a note, open a ticket, make a portal sign-in link for one of its users. */
export function HubActions({ brandId, accountId, users }: { brandId: string; accountId: string; users: { id: string; label: string }[] }) {
  const fixed = { customer_account_id: accountId };
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [copied, setCopied] = useState(false);
  return (
    <>
      <AddDialog
        label="Add note"
        title="Add a note to this account"
        fields={NOTE_FIELDS}
        schema={CreateNoteParams}
        fixed={fixed}
        submit={(input) => addNote(brandId, input)}
      />
      <AddDialog
        label="Open ticket"
        title="Open a ticket for this account"
        fields={TICKET_FIELDS}
        schema={CreateTicketParams}
        fixed={{ ...fixed, type: "NEW" }}
        defaults={{ direction: "EXTERNAL" }}
        submit={(input) => openTicket(brandId, input)}
      />
      {users.length > 0 && (
        <FormDialog label="Portal sign-in link" title="A portal sign-in link">
          {(close) =>
            link ? (
              <div className="form">
                <p>Send this link to the customer. It signs in once, until {new Date(link.expires).toISOString().slice(11, 16)} UTC.</p>
                <label htmlFor="sign-in-link" className="visually-hidden">
                  Sign-in link
                </label>
                <input id="sign-in-link" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
                <div className="form-actions">
                  <button
                    type="button"
                    className="button primary"
                    onClick={async () => {
                      await navigator.clipboard?.writeText(link.url).catch(() => undefined);
                      setCopied(true);
                    }}
                  >
                    {copied ? "Copied" : "Copy link"}
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => {
                      setLink(null);
                      setCopied(false);
                      close();
                    }}
                  >
                    Done
                  </button>
                </div>
              </div>
            ) : (
              <Form
                layout="stack"
                fields={[
                  { name: "user_id", label: "User", required: true, options: users.map((u) => ({ value: u.id, label: u.label })) },
                  { name: "expiration", label: "Valid for (minutes)", hint: "1 to 10; the link works once" },
                ]}
                schema={CreateTokenParams}
                fixed={fixed}
                defaults={{ user_id: users[0].id, expiration: "10" }}
                submit={(input) => portalSignInLink(brandId, input)}
                submitLabel="Make link"
                busyLabel="Making…"
                onCancel={close}
                onDone={(data) => {
                  const d = data as { sign_in_url: string; expires: string };
                  setLink({ url: d.sign_in_url, expires: d.expires });
                }}
              />
            )
          }
        </FormDialog>
      )}
    </>
  );
}
