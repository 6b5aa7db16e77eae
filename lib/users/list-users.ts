import { selectRows } from "../../db/client";
import { count, desc, eq } from "drizzle-orm";
import { customerUserLogins, customerUsers } from "../../db/schema";
import { filters, inBrand, impossibleIds, oldestFirst } from "../../db/scope";
import { contains, sameText } from "../accounts/queries";
import type { Context } from "../auth/context";
import type { ListUsersInput } from "./schemas";
import { loginView, userView } from "./view";

export const MAX_USERS_LISTED = 300;
/** Most recent sign-ins shown in login_history. */
export const LOGIN_HISTORY_SHOWN = 100;

/** User/List (at most 300); with user_id the user carries its login_history, newest first. */
export async function listUsers({ ctx, input }: { ctx: Context; input: ListUsersInput }) {
  if (impossibleIds(input.user_id, input.customer_account_id)) return { items: [], total: 0 };
  const t = customerUsers;
  const where = inBrand(
    ctx,
    t,
    ...filters([
      [t.id, input.user_id],
      [t.customerAccountId, input.customer_account_id],
    ]),
    input.email_address ? sameText(t.emailAddress, input.email_address) : undefined,
    input.username ? contains(t.username, input.username) : undefined,
    input.custom_field_1 ? contains(t.customField1, input.custom_field_1) : undefined,
    input.custom_field_2 ? contains(t.customField2, input.custom_field_2) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    selectRows(ctx.db, t, { where, orderBy: oldestFirst(t), limit: MAX_USERS_LISTED }),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  if (!input.user_id || !rows[0]) return { items: rows.map(userView), total: n };
  const logins = await ctx.db
    .select()
    .from(customerUserLogins)
    .where(inBrand(ctx, customerUserLogins, eq(customerUserLogins.userId, rows[0].id)))
    .orderBy(desc(customerUserLogins.loggedInAt), desc(customerUserLogins.id))
    .limit(LOGIN_HISTORY_SHOWN);
  return { items: [{ ...userView(rows[0]), login_history: logins.map(loginView) }], total: n };
}
