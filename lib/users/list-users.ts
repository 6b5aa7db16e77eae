import { desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { customerUserLogins, customerUsers as t } from "../../db/schema";
import { containsFilter, defineList, equalsFilter, idFilter, sqlFilter, statusFilter } from "../lists";
import { inBrand } from "../../db/scope";
import { sameText } from "../accounts/queries";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import type { ListUsersInput } from "./schemas";
import { readLogin, readUser } from "./read";

export const MAX_USERS_LISTED = 300;
/** Most recent sign-ins shown in login_history. */
export const LOGIN_HISTORY_SHOWN = 100;

/** Customer users; `q` searches username, names and email. */
export const userList = defineList({
  table: t,
  portal: "account",
  filters: {
    id: idFilter(t.id),
    customerAccountId: idFilter(t.customerAccountId),
    status: statusFilter(t.status),
    /** Not deleted (the portal's account page lists only these). */
    live: sqlFilter(z.literal(true), () => ne(t.status, STATUS.DELETED)),
    accessLevel: equalsFilter(t.accessLevel, z.enum(["ADMIN", "USER"])),
    emailAddress: sqlFilter(z.string(), (email) => sameText(t.emailAddress, email)),
    username: containsFilter(t.username),
    customField1: containsFilter(t.customField1),
    customField2: containsFilter(t.customField2),
  },
  search: [t.username, t.firstName, t.lastName, t.emailAddress],
  sortable: { created_at: t.createdAt, username: t.username, last_name: t.lastName, email_address: t.emailAddress },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readUser),
});
export const listUsersPage = userList.page;

/** User/List (at most 300); with user_id the user carries its login_history, newest first. */
export async function listUsers({ ctx, input }: { ctx: Context; input: ListUsersInput }) {
  const { rows, total } = await userList.window(ctx, {
    filters: {
      id: input.user_id,
      customerAccountId: input.customer_account_id,
      emailAddress: input.email_address,
      username: input.username,
      customField1: input.custom_field_1,
      customField2: input.custom_field_2,
    },
    limit: MAX_USERS_LISTED,
  });
  if (!input.user_id || !rows[0]) return { items: rows, total };
  const logins = await ctx.db
    .select()
    .from(customerUserLogins)
    .where(inBrand(ctx, customerUserLogins, eq(customerUserLogins.userId, rows[0].id)))
    .orderBy(desc(customerUserLogins.loggedInAt), desc(customerUserLogins.id))
    .limit(LOGIN_HISTORY_SHOWN);
  return { items: [{ ...rows[0], loginHistory: logins.map(readLogin) }], total };
}
