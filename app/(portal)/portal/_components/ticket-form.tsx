"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { openTicket } from "../_lib/actions";

type Fields = { subject: string; message: string };

/** Opens a support ticket (Ticket/Create through portalAction); a refusal is shown on the field it names. */
export function TicketForm() {
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
    if (!answer.ok) {
      const field = answer.error.parameter === "subject" || answer.error.parameter === "message" ? answer.error.parameter : "root";
      setError(field, { message: answer.error.message.replace(/^(subject|message) /, "") });
      return;
    }
    reset();
    setSent("Thanks, we got your message. We'll reply by email.");
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {sent ? (
        <div className="p-alert info" role="status">
          {sent}
        </div>
      ) : null}
      {errors.root ? (
        <div className="p-alert error" role="alert">
          {errors.root.message}
        </div>
      ) : null}
      <label className="p-field">
        <span>Subject</span>
        <input {...register("subject")} aria-invalid={Boolean(errors.subject)} aria-describedby={errors.subject ? "subject-error" : undefined} />
        {errors.subject ? (
          <small id="subject-error" className="p-field-error">
            {errors.subject.message}
          </small>
        ) : null}
      </label>
      <label className="p-field">
        <span>Message</span>
        <textarea {...register("message")} rows={4} aria-invalid={Boolean(errors.message)} aria-describedby={errors.message ? "message-error" : undefined} />
        {errors.message ? (
          <small id="message-error" className="p-field-error">
            {errors.message.message}
          </small>
        ) : null}
      </label>
      <button className="p-button" type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send to support"}
      </button>
    </form>
  );
}
