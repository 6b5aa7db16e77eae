"use client";

import { useRouter } from "next/navigation";
import { choices, Form, type Field } from "@/components/forms/form";
import { InviteStaffParams } from "@/lib/staff/schemas";
import { inviteStaff } from "../actions";

const FIELDS: Field[] = [
  { name: "name", label: "Name", required: true, autoComplete: "name" },
  { name: "email", label: "Email", required: true, kind: "email", autoComplete: "email", hint: "The invitation goes here; they choose their own password." },
  {
    name: "access_level",
    label: "Role",
    required: true,
    options: choices(["USER", "User: customers, billing and support"], ["ADMIN", "Admin: also brands, staff, API keys and gateways"]),
  },
];

export function InviteForm({ brandId }: { brandId: string }) {
  const router = useRouter();
  return (
    <Form
      layout="stack"
      fields={FIELDS}
      schema={InviteStaffParams}
      defaults={{ access_level: "USER" }}
      submit={(input) => inviteStaff(brandId, input)}
      submitLabel="Send invitation"
      busyLabel="Sending…"
      cancelHref={`/dashboard/${brandId}/staff`}
      onDone={(data) => {
        router.push(`/dashboard/${brandId}/staff/${(data as { staff_user_id: string }).staff_user_id}?invited=1`);
        router.refresh();
      }}
    />
  );
}
