import { eq } from "drizzle-orm";
import { customerAccounts } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError, invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { accountEmailTaken, assertAccountEmailFree, findAccount, refusingDuplicates } from "./queries";
import { addressProblem, type UpdateAccountInput } from "./schemas";
import { ACCOUNT_COLUMNS, columnsFrom } from "./columns";
import { accountView } from "./view";

/** Account/Update: sets each supplied field, clears optional ones sent empty; the address rules hold after the change. */
export async function updateAccount({ ctx, input }: { ctx: Context; input: UpdateAccountInput }) {
  const account = await findAccount(ctx, input.customer_account_id, "customer_account_id", { forUpdate: true });
  if (account.status === STATUS.DELETED) throw invalidState("A deleted customer account cannot be changed; restore it first");
  const pick = (param: "country" | "city" | "state" | "unit" | "unit_type", current: string | null) => (input[param] === undefined ? current : input[param]);
  const problem = addressProblem({
    country: pick("country", account.country),
    city: pick("city", account.city),
    state: pick("state", account.state),
    unit: pick("unit", account.unit),
    unit_type: pick("unit_type", account.unitType),
  });
  if (problem) {
    throw new DomainError("MISSING_PARAMETER", `${problem.parameter} ${problem.message}`, { parameter: problem.parameter });
  }
  if (input.email_address) await assertAccountEmailFree(ctx, input.email_address, account.id);
  const changes = columnsFrom(input, ACCOUNT_COLUMNS);
  if (Object.keys(changes).length === 0) return accountView(account, ctx.brand.currency);
  const [row] = await refusingDuplicates(
    () =>
      ctx.db
        .update(customerAccounts)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(customerAccounts.id, account.id))
        .returning(),
    "customer_accounts_brand_email",
    accountEmailTaken,
  );
  return accountView(row, ctx.brand.currency);
}
