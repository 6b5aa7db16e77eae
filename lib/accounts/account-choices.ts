import { z } from "zod";
import type { Context } from "../auth/context";
import { notFound } from "../errors";
import { STATUS } from "../lifecycle";
import { id, opt, text } from "../wire/params";
import { listAccountsPage } from "./list-accounts";
import type { AccountRead } from "./read";

/** How many accounts one answer of the picker offers; typing more narrows them. */
export const ACCOUNT_MATCHES = 20;

export const AccountChoicesParams = z.object({
  q: opt(text(200), "Active accounts whose name, company or email contains this (empty: the first by last name)"),
  customer_account_id: opt(id(), "Only this account, whatever its status (a form's preset choice)", { refersTo: "Account" }),
});

export interface AccountChoice {
  value: string;
  label: string;
}

type Listed = Pick<AccountRead, "firstName" | "lastName" | "companyName" | "emailAddress">;

export const accountChoiceLabel = (a: Listed) => `${a.firstName} ${a.lastName}${a.companyName ? ` (${a.companyName})` : ""} · ${a.emailAddress}`;

/**
 * A form's customer account picker: active accounts matching what is typed, by last name, through
 * the accounts list query (brand-scoped); or one account by id, to show a preset choice's name
 * (another brand's id is not found, as everywhere). `more`: further accounts match.
 */
export async function findAccountChoices({ ctx, input }: { ctx: Context; input: z.output<typeof AccountChoicesParams> }) {
  if (input.customer_account_id) {
    const [one] = (await listAccountsPage(ctx, { filters: { customerAccountId: input.customer_account_id } })).rows;
    if (!one) throw notFound("Customer account", "customer_account_id");
    return { accounts: [{ value: one.id, label: accountChoiceLabel(one) }], more: false };
  }
  const { rows, total } = await listAccountsPage(ctx, {
    filters: { status: STATUS.ACTIVE, q: input.q?.trim() || null },
    sort: { key: "last_name", dir: "asc" },
    pageSize: ACCOUNT_MATCHES,
  });
  return { accounts: rows.map((a): AccountChoice => ({ value: a.id, label: accountChoiceLabel(a) })), more: total > rows.length };
}
