import { eq } from "drizzle-orm";
import { notes } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import type { NoteIdInput } from "./schemas";
import { noteView } from "./view";

/** Irreversible; the note is kept (deleted_at) so Note/List by note_id still finds it. */
export async function deleteNote({ ctx, input }: { ctx: Context; input: NoteIdInput }) {
  const note = await findInBrand(ctx, notes, input.note_id, "Note", "note_id", { forUpdate: true });
  if (note.deletedAt) throw invalidState("This note is already deleted", "note_id");
  const [row] = await ctx.db.update(notes).set({ deletedAt: ctx.now() }).where(eq(notes.id, note.id)).returning();
  return noteView(row);
}
