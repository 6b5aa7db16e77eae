"use client";

import { useRouter } from "next/navigation";
import { Form } from "@/components/forms/form";
import { CreateNoteParams, NOTE_CONTENTS_MAX, NOTE_SUBJECT_MAX } from "@/lib/notes/schemas";
import { createNote } from "../actions";

/** Note/Create: attached to a customer account, a subscription or an invoice (at least one). */
export function NoteForm({ brandId, preset }: { brandId: string; preset: Record<string, string> }) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/notes`;
  return (
    <Form
      schema={CreateNoteParams}
      fields={[
        { name: "subject", label: "Subject", required: true, wide: true, hint: `At most ${NOTE_SUBJECT_MAX} characters` },
        { name: "contents", label: "Note", required: true, kind: "textarea", rows: 6, hint: `Plain text, at most ${NOTE_CONTENTS_MAX} characters` },
        { name: "customer_account_id", label: "Customer account", kind: "account", placeholder: "None: type a name to choose one" },
        { name: "subscription_id", label: "Subscription id", hint: "Optional: the subscription it is about" },
        { name: "invoice_id", label: "Invoice id", hint: "Optional: the invoice it is about" },
      ]}
      defaults={preset}
      submit={(input) => createNote(brandId, input)}
      onDone={() => {
        router.push(base);
        router.refresh();
      }}
      submitLabel="Save note"
      cancelHref={base}
    />
  );
}
