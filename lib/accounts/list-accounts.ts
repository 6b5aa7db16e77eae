import { asc, count, desc, eq } from "drizzle-orm";
import { customerAccounts } from "../../db/schema";
import { inBrand, impossibleIds } from "../../db/scope";
import type { Context } from "../auth/context";
import { contains } from "./queries";
import type { ListAccountsInput } from "./schemas";
import { accountView } from "./view";

export const MAX_ACCOUNTS_LISTED = 300;

/** Account/List: deleted accounts included; total counts every match before limit and offset. */
export async function listAccounts({ ctx, input }: { ctx: Context; input: ListAccountsInput }) {
  const id = input.customer_account_id;
  if (impossibleIds(id)) return { items: [], total: 0 };
  const t = customerAccounts;
  const partial = [
    [t.emailAddress, input.email_address],
    [t.firstName, input.first_name],
    [t.lastName, input.last_name],
    [t.companyName, input.company_name],
    [t.customField1, input.custom_field_1],
    [t.customField2, input.custom_field_2],
  ] as const;
  const where = inBrand(ctx, t, id ? eq(t.id, id) : undefined, ...partial.map(([column, text]) => (text ? contains(column, text) : undefined)));
  const direction = input.order === "desc" ? desc : asc;
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(t)
      .where(where)
      .orderBy(direction(t.createdAt), direction(t.id))
      .limit(input.limit ?? MAX_ACCOUNTS_LISTED)
      .offset(input.offset ?? 0),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map(accountView), total: n };
}
