"use client";

import { useRouter } from "next/navigation";
import { Form } from "@/components/forms/form";
import { CreateTicketParams } from "@/lib/tickets/schemas";
import { createTicket } from "../actions";

/**
 * A staff message on the ticket (Ticket/Create type REPLY). Who reads it is the ticket's direction
 * (spec): on an INTERNAL ticket it is a note customers never see; otherwise the customer sees it.
 */
export function ReplyForm({ brandId, ticketId, internal }: { brandId: string; ticketId: string; internal: boolean }) {
  const router = useRouter();
  return (
    <Form
      schema={CreateTicketParams}
      layout="stack"
      fields={[
        {
          name: "message",
          label: internal ? "Internal note" : "Reply to the customer",
          required: true,
          kind: "textarea",
          rows: 5,
          hint: internal ? "This ticket is internal: customers never see it." : "The customer sees this reply in the portal.",
        },
      ]}
      fixed={{ type: "REPLY", ticket_id: ticketId }}
      submit={(input) => createTicket(brandId, input)}
      onDone={() => router.refresh()}
      resetOnSave
      submitLabel={internal ? "Add note" : "Send reply"}
    />
  );
}
