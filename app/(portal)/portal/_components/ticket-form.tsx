"use client";
import { useRouter } from "next/navigation";
import { openTicket, replyToTicket } from "../_lib/actions";
import { ActionForm, TextField, useActionForm } from "./field";

/**
 * Opens a support ticket (Ticket/Create through portalAction); a refusal is shown on the field it
 * names. `openAfter` goes to the new ticket's page; otherwise a thank-you stays above the form.
 */
export function TicketForm({ openAfter = false }: { openAfter?: boolean }) {
  const router = useRouter();
  const f = useActionForm<{ subject: string; message: string }>({
    defaults: { subject: "", message: "" },
    fields: ["subject", "message"],
    send: (values) => openTicket(values),
    done: (data, form) => {
      form.reset();
      if (openAfter) return router.push(`/portal/support/${(data as { ticket_id: string }).ticket_id}?opened=1`);
      router.refresh();
      return "Thanks, we got your message. We'll reply by email.";
    },
  });
  return (
    <ActionForm of={f} label="Send to support" busyLabel="Sending…">
      <TextField label="Subject" registration={f.form.register("subject")} error={f.errors.subject?.message} maxLength={255} />
      <TextField label="Message" registration={f.form.register("message")} error={f.errors.message?.message} multiline rows={5} />
    </ActionForm>
  );
}

/** Adds the customer's message to one of their tickets (Ticket/Create type REPLY). */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const router = useRouter();
  const f = useActionForm<{ message: string }>({
    defaults: { message: "" },
    fields: ["message"],
    send: ({ message }) => replyToTicket({ ticket_id: ticketId, message }),
    done: (_data, form) => {
      form.reset();
      router.refresh();
      return "Your reply was sent.";
    },
  });
  return (
    <ActionForm of={f} label="Send reply" busyLabel="Sending…">
      <TextField label="Your reply" registration={f.form.register("message")} error={f.errors.message?.message} multiline rows={4} />
    </ActionForm>
  );
}
