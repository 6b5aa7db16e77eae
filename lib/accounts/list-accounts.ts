import { sql } from "drizzle-orm";
import { customerAccounts as t } from "../../db/schema";
import { containsFilter, defineList, idFilter, statusFilter } from "../lists";
import type { Context } from "../auth/context";
import type { ListAccountsInput } from "./schemas";
import { readAccount } from "./read";

export const MAX_ACCOUNTS_LISTED = 300;

/** Customer accounts, deleted ones included (status 3); `q` searches names (first, last, full), company and email. */
export const accountList = defineList({
  table: t,
  portal: "account",
  filters: {
    customerAccountId: idFilter(t.id),
    status: statusFilter(t.status),
    emailAddress: containsFilter(t.emailAddress),
    firstName: containsFilter(t.firstName),
    lastName: containsFilter(t.lastName),
    companyName: containsFilter(t.companyName),
    customField1: containsFilter(t.customField1),
    customField2: containsFilter(t.customField2),
  },
  // The full name too, so "Jane Do" finds Jane Doe.
  search: [t.firstName, t.lastName, t.companyName, t.emailAddress, sql`${t.firstName} || ' ' || ${t.lastName}`],
  sortable: { created_at: t.createdAt, last_name: t.lastName, company_name: t.companyName, email_address: t.emailAddress },
  defaultSort: { key: "created_at", dir: "asc" },
  // Lazily: ./read.ts reads through this list too.
  read: (ctx, rows) => rows.map((r) => readAccount(r, ctx.brand.currency)),
});
export const listAccountsPage = accountList.page;

/** Account/List: deleted accounts included; total counts every match before limit and offset. */
export async function listAccounts({ ctx, input }: { ctx: Context; input: ListAccountsInput }) {
  const { rows, total } = await accountList.window(ctx, {
    filters: {
      customerAccountId: input.customer_account_id,
      emailAddress: input.email_address,
      firstName: input.first_name,
      lastName: input.last_name,
      companyName: input.company_name,
      customField1: input.custom_field_1,
      customField2: input.custom_field_2,
    },
    sort: { key: "created_at", dir: input.order ?? "asc" },
    offset: input.offset ?? 0,
    limit: input.limit ?? MAX_ACCOUNTS_LISTED,
  });
  return { items: rows, total };
}
