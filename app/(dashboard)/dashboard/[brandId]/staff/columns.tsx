"use client";

import { listTable } from "@/components/data-table/list-table";
import type { StaffUserView } from "@/lib/staff/staff-users";
import { StaffStatusBadge } from "./_components/staff-status";

export const StaffTable = listTable<StaffUserView, { me: string }>(({ me }, t) => ({
  label: "Staff users",
  columns: [
    t.link(
      "name",
      "Name",
      (s) => `staff/${s.staff_user_id}`,
      (s) => `${s.name}${s.staff_user_id === me ? " (you)" : ""}`,
    ),
    t.text("email", "Email", "email"),
    t.text("access_level", "Role", (s) => (s.access_level === "ADMIN" ? "Admin" : "User")),
    t.text("status", "Status", (s) => <StaffStatusBadge status={s.status} />),
    t.text("two_factor", "Two-factor", (s) => (s.two_factor ? "On" : "Off")),
    t.instant("created", "Added", "created"),
  ],
  getRowId: (r) => r.staff_user_id,
  empty: "No staff users.",
}));
