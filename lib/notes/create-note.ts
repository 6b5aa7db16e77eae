import { notes } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { resolveCustomerLinks } from "./links";
import type { CreateNoteInput } from "./schemas";
import { noteView } from "./view";

/** Note/Create: linked to at least one of an account, subscription or invoice of this brand (of one customer). */
export async function createNote({ ctx, input }: { ctx: Context; input: CreateNoteInput }) {
  const { account, subscription, invoice } = await resolveCustomerLinks(ctx, input);
  const [row] = await ctx.db
    .insert(notes)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      subject: input.subject,
      contents: input.contents,
      customerAccountId: account?.id ?? null,
      subscriptionId: subscription?.id ?? null,
      invoiceId: invoice?.id ?? null,
      createdAt: ctx.now(),
    })
    .returning();
  return noteView(row);
}
