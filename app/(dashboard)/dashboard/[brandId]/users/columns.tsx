"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices, RECORD_STATUS_FILTER } from "@/components/data-table/filters";

/** The fields of the API's user view this list shows. */
export interface UserRow {
  user_id: string;
  customer_account_id: string;
  username: string;
  first_name: string;
  last_name: string;
  email_address: string;
  access_level: string;
  status: number;
  created: Date | string;
}

export const UsersTable = listTable<UserRow>((_, t) => ({
  label: "Users",
  columns: [
    t.link(
      "last_name",
      "Name",
      (u) => `users/${u.user_id}`,
      (u) => `${u.first_name} ${u.last_name}`,
    ),
    t.text("email_address", "Email", "email_address"),
    t.text("username", "Username", "username"),
    t.text("access_level", "Access", (u) => (u.access_level === "ADMIN" ? "Admin" : "User"), { sort: false }),
    t.status({ sort: false }),
    t.created("created"),
  ],
  getRowId: (r) => r.user_id,
  searchPlaceholder: "Name, username or email",
  filters: [RECORD_STATUS_FILTER, { name: "access_level", label: "Access", options: choices({ ADMIN: "Admin", USER: "User" }) }],
  empty: t.empty("No users match.", "users/new", "Add a user"),
}));
