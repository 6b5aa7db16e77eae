"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices, RECORD_STATUS_FILTER } from "@/components/data-table/filters";
import type { UserRead } from "@/lib/users/read";

/** A user's read row as the table shows it (lib/users/read.ts). */
export type UserRow = Pick<
  UserRead,
  "id" | "customerAccountId" | "username" | "firstName" | "lastName" | "emailAddress" | "accessLevel" | "status" | "createdAt"
>;

export const UsersTable = listTable<UserRow>((_, t) => ({
  label: "Users",
  columns: [
    t.link(
      "last_name",
      "Name",
      (u) => `users/${u.id}`,
      (u) => `${u.firstName} ${u.lastName}`,
    ),
    t.text("email_address", "Email", "emailAddress"),
    t.text("username", "Username", "username"),
    t.text("access_level", "Access", (u) => (u.accessLevel === "ADMIN" ? "Admin" : "User"), { sort: false }),
    t.status({ sort: false }),
    t.created("createdAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Name, username or email",
  filters: [RECORD_STATUS_FILTER, { name: "access_level", label: "Access", options: choices({ ADMIN: "Admin", USER: "User" }) }],
  empty: t.empty("No users match.", "users/new", "Add a user"),
}));
