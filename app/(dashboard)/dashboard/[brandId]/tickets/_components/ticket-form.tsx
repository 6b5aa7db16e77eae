"use client";

import { useRouter } from "next/navigation";
import { ParamsForm } from "@/components/forms/params-form";
import { CreateTicketParams } from "@/lib/tickets/schemas";
import { DIRECTION_LABEL } from "@/lib/tickets/labels";
import { createTicket } from "../actions";

const DIRECTIONS = (["INTERNAL", "EXTERNAL"] as const).map((value) => ({ value, label: DIRECTION_LABEL[value] }));

/** Opens a ticket (Ticket/Create type NEW) with its first message, written by the signed-in staff user. */
export function TicketForm({ brandId, accounts }: { brandId: string; accounts: { value: string; label: string }[] }) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/tickets`;
  return (
    <ParamsForm
      schema={CreateTicketParams}
      fields={[
        { name: "subject", label: "Subject", required: true, wide: true },
        { name: "direction", label: "Who sees it", options: DIRECTIONS, hint: "A ticket to a customer needs their account" },
        { name: "customer_account_id", label: "Customer account", options: [{ value: "", label: "None" }, ...accounts] },
        { name: "department", label: "Department", hint: "Any text, like Billing" },
        { name: "message", label: "Message", required: true, rows: 6 },
      ]}
      defaults={{ direction: "INTERNAL" }}
      fixed={{ type: "NEW" }}
      submit={(input) => createTicket(brandId, input)}
      onSaved={(data) => {
        router.push(`${base}/${(data as { ticket_id: string }).ticket_id}`);
        router.refresh();
      }}
      submitLabel="Open ticket"
      cancelHref={base}
    />
  );
}
