import { defineEndpoint } from "../endpoint";
import { CreateNoteParams, ListNotesParams, NOTE_CONTENTS_MAX, NOTE_SUBJECT_MAX, NOTES_LISTED_BY_DEFAULT, NoteIdParams } from "../../notes/schemas";
import { listNotes } from "../../notes/list-notes";
import { noteToWire } from "../../notes/view";
import { createNote } from "../../notes/create-note";
import { deleteNote } from "../../notes/delete-note";

const returns = "note";

export const noteEndpoints = [
  defineEndpoint({
    resource: "Note",
    action: "List",
    method: "GET",
    summary:
      "Lists notes, newest first. Filters combine; deleted notes are found only by note_id. " +
      `With none of customer_account_id, subscription_id, invoice_id (and no note_id): the brand's last ${NOTES_LISTED_BY_DEFAULT} notes.`,
    params: ListNotesParams,
    returns,
    list: "notes",
    handler: listNotes,
    wire: noteToWire,
  }),
  defineEndpoint({
    resource: "Note",
    action: "Create",
    method: "POST",
    summary:
      `Creates a note (subject up to ${NOTE_SUBJECT_MAX} characters, plain-text contents up to ${NOTE_CONTENTS_MAX}) ` +
      "linked to at least one of a customer account, subscription or invoice of one customer.",
    params: CreateNoteParams,
    returns,
    refusals: [
      "400 MISSING_PARAMETER (customer_account_id) when none of customer_account_id, subscription_id, invoice_id is given",
      "404 NOT_FOUND for a subscription or invoice of another customer account than the others given",
    ],
    handler: createNote,
  }),
  defineEndpoint({
    resource: "Note",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a note, irreversibly (Note/List by note_id still shows it, as deleted).",
    params: NoteIdParams,
    returns,
    refusals: ["409 INVALID_STATE when the note is already deleted"],
    handler: deleteNote,
  }),
];
