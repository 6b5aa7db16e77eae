import { z } from "zod";
import { id, opt, req, multilineText, text } from "../wire/params";

/** Spec, Limits: Note subject / contents. */
export const NOTE_SUBJECT_MAX = 150;
export const NOTE_CONTENTS_MAX = 5000;
/** Spec, Limits: Note/List with no filter returns the last 15 notes. */
export const NOTES_LISTED_BY_DEFAULT = 15;

const linkParams = {
  customer_account_id: opt(id(), "The customer account the note is about", { refersTo: "Account" }),
  subscription_id: opt(id(), "The subscription the note is about", { refersTo: "Subscription" }),
  invoice_id: opt(id(), "The invoice the note is about", { refersTo: "Invoice" }),
};

export const ListNotesParams = z.object({
  note_id: opt(id(), "Only this note; finds deleted notes too", { refersTo: "Note" }),
  customer_account_id: opt(id(), "Only notes linked to this customer account", { refersTo: "Account" }),
  subscription_id: opt(id(), "Only notes linked to this subscription", { refersTo: "Subscription" }),
  invoice_id: opt(id(), "Only notes linked to this invoice", { refersTo: "Invoice" }),
});

export const CreateNoteParams = z
  .object({
    subject: req(text(NOTE_SUBJECT_MAX), `Subject, at most ${NOTE_SUBJECT_MAX} characters`, { example: "Called about the renewal" }),
    contents: req(multilineText(NOTE_CONTENTS_MAX), `Plain text, at most ${NOTE_CONTENTS_MAX} characters (stored and returned as sent)`, {
      example: "Customer asked to move the renewal date to the 1st.",
    }),
    ...linkParams,
  })
  .superRefine((v, c) => {
    // Errors 11: a note must be linked to something.
    if (!v.customer_account_id && !v.subscription_id && !v.invoice_id) {
      c.issues.push({
        code: "custom",
        path: ["customer_account_id"],
        message: "is required: give at least one of customer_account_id, subscription_id, invoice_id",
        input: v,
        params: { code: "MISSING_PARAMETER" },
      });
    }
  });

export const NoteIdParams = z.object({
  note_id: req(id(), "The note; deleting is irreversible", { refersTo: "Note" }),
});

export type ListNotesInput = z.output<typeof ListNotesParams>;
export type CreateNoteInput = z.output<typeof CreateNoteParams>;
export type NoteIdInput = z.output<typeof NoteIdParams>;
