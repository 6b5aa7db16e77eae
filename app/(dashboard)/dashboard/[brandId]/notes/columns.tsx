"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { shortId } from "@/lib/format";
import { deleteNote } from "./actions";

/** The fields of the API's note view this list shows. */
export interface NoteRow {
  note_id: string;
  subject: string;
  contents: string;
  customer_account_id: string | null;
  /** The account's name, looked up by the page. */
  account_name?: string | null;
  subscription_id: string | null;
  invoice_id: string | null;
  created: Date | string;
}

const EXCERPT = 140;

/** What the note is attached to, each a link where the dashboard has a page for it. */
function LinkedTo({ brandId, note }: { brandId: string; note: NoteRow }) {
  const parts = [
    note.customer_account_id && (
      <Link key="a" href={`/dashboard/${brandId}/accounts/${note.customer_account_id}`}>
        {note.account_name ?? `Account ${shortId(note.customer_account_id)}`}
      </Link>
    ),
    note.subscription_id && <span key="s">Subscription {shortId(note.subscription_id)}</span>,
    note.invoice_id && <span key="i">Invoice {shortId(note.invoice_id)}</span>,
  ].filter(Boolean);
  return <>{parts.flatMap((p, i) => (i ? [", ", p] : [p]))}</>;
}

function DeleteNote({ brandId, note }: { brandId: string; note: NoteRow }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Delete"
      labelContext={`note ${note.subject}`}
      title={`Delete the note “${note.subject}”?`}
      confirmLabel="Delete note"
      danger
      onConfirm={async () => {
        const r = await deleteNote(brandId, { note_id: note.note_id });
        if (!r.ok) return r.error.message;
        router.refresh();
        return null;
      }}
    >
      <p>The note is deleted for good: it cannot be restored.</p>
    </ConfirmButton>
  );
}

export const NotesTable = listTable<NoteRow>(({ brandId }, t) => ({
  label: "Notes",
  columns: [
    t.text("subject", "Note", (n) => (
      <>
        <strong>{n.subject}</strong>
        <br />
        <span className="muted">{n.contents.length > EXCERPT ? `${n.contents.slice(0, EXCERPT)}…` : n.contents}</span>
      </>
    )),
    t.text("linked", "About", (n) => <LinkedTo brandId={brandId} note={n} />, { sort: false }),
    t.created("created", "Written"),
    t.text(
      "delete",
      () => <span className="visually-hidden">Actions</span>,
      (n) => <DeleteNote brandId={brandId} note={n} />,
      { sort: false },
    ),
  ],
  getRowId: (r) => r.note_id,
  searchPlaceholder: "Subject or text",
  empty: t.empty("No notes match.", "notes/new", "Write a note"),
}));
