"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { openTicket, replyToTicket } from "../_lib/actions";
import { FormAlert, TextField, showActionError } from "./field";

type Fields = { subject: string; message: string };

/**
 * Opens a support ticket (Ticket/Create through portalAction); a refusal is shown on the field it
 * names. `openAfter` goes to the new ticket's page; otherwise a thank-you stays above the form.
 */
export function TicketForm({ openAfter = false }: { openAfter?: boolean }) {
  const router = useRouter();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ defaultValues: { subject: "", message: "" } });
  const onSubmit = handleSubmit(async (values) => {
    setSent(null);
    const answer = await openTicket(values);
    if (!answer.ok) return showActionError(answer.error, setError, ["subject", "message"]);
    reset();
    if (openAfter) return router.push(`/portal/support/${(answer.data as { ticket_id: string }).ticket_id}?opened=1`);
    setSent("Thanks, we got your message. We'll reply by email.");
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert error={errors.root?.message} notice={sent} />
      <TextField label="Subject" registration={register("subject")} error={errors.subject?.message} maxLength={255} />
      <TextField label="Message" registration={register("message")} error={errors.message?.message} multiline rows={5} />
      <button className="p-button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send to support"}
      </button>
    </form>
  );
}

/** Adds the customer's message to one of their tickets (Ticket/Create type REPLY). */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const router = useRouter();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ message: string }>({ defaultValues: { message: "" } });
  const onSubmit = handleSubmit(async ({ message }) => {
    setSent(null);
    const answer = await replyToTicket({ ticket_id: ticketId, message });
    if (!answer.ok) return showActionError(answer.error, setError, ["message"]);
    reset();
    setSent("Your reply was sent.");
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert error={errors.root?.message} notice={sent} />
      <TextField label="Your reply" registration={register("message")} error={errors.message?.message} multiline rows={4} />
      <button className="p-button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send reply"}
      </button>
    </form>
  );
}
