"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { shortId } from "@/lib/format";
import type { NoteRead } from "@/lib/notes/read";
import { deleteNote } from "./actions";

/** A note's read row as the table shows it (lib/notes/read.ts). */
export interface NoteRow extends Pick<NoteRead, "id" | "subject" | "contents" | "customerAccountId" | "subscriptionId" | "invoiceId" | "createdAt"> {
  /** The account's name, looked up by the page. */
  accountName?: string | null;
}

const EXCERPT = 140;

/** What the note is attached to, each a link where the dashboard has a page for it. */
function LinkedTo({ brandId, note }: { brandId: string; note: NoteRow }) {
  const parts = [
    note.customerAccountId && (
      <Link key="a" href={`/dashboard/${brandId}/accounts/${note.customerAccountId}`}>
        {note.accountName ?? `Account ${shortId(note.customerAccountId)}`}
      </Link>
    ),
    note.subscriptionId && <span key="s">Subscription {shortId(note.subscriptionId)}</span>,
    note.invoiceId && <span key="i">Invoice {shortId(note.invoiceId)}</span>,
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
        const r = await deleteNote(brandId, { note_id: note.id });
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
    t.created("createdAt", "Written"),
    t.text(
      "delete",
      () => <span className="visually-hidden">Actions</span>,
      (n) => <DeleteNote brandId={brandId} note={n} />,
      { sort: false },
    ),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Subject or text",
  empty: t.empty("No notes match.", "notes/new", "Write a note"),
}));
