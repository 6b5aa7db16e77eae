"use client";

import { useRouter } from "next/navigation";
import { Form } from "@/components/forms/form";
import { CreateTicketParams } from "@/lib/tickets/schemas";
import { DIRECTION_LABEL } from "@/lib/tickets/labels";
import { createTicket } from "../actions";

const DIRECTIONS = (["INTERNAL", "EXTERNAL"] as const).map((value) => ({ value, label: DIRECTION_LABEL[value] }));

/** Opens a ticket (Ticket/Create type NEW) with its first message, written by the signed-in staff user. */
export function TicketForm({ brandId }: { brandId: string }) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/tickets`;
  return (
    <Form
      schema={CreateTicketParams}
      fields={[
        { name: "subject", label: "Subject", required: true, wide: true },
        { name: "direction", label: "Who sees it", options: DIRECTIONS, hint: "A ticket to a customer needs their account" },
        { name: "customer_account_id", label: "Customer account", kind: "account", placeholder: "None: type a name to choose one" },
        { name: "department", label: "Department", hint: "Any text, like Billing" },
        { name: "message", label: "Message", required: true, kind: "textarea", rows: 6 },
      ]}
      defaults={{ direction: "INTERNAL" }}
      fixed={{ type: "NEW" }}
      submit={(input) => createTicket(brandId, input)}
      onDone={(data) => {
        router.push(`${base}/${(data as { ticket_id: string }).ticket_id}`);
        router.refresh();
      }}
      submitLabel="Open ticket"
      cancelHref={base}
    />
  );
}
