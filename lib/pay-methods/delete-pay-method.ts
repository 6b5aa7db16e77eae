import { eq } from "drizzle-orm";
import { payMethods } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { findPayMethod, assertLive } from "./queries";
import type { PayMethodRefInput } from "./schemas";
import { payMethodView } from "./view";

/** Deletes a pay method; if it was the default, the account is left without one. Its payments stay on record. */
export async function deletePayMethod({ ctx, input }: { ctx: Context; input: PayMethodRefInput }) {
  const account = await findAccount(ctx, input.customer_account_id);
  const method = await findPayMethod(ctx, input.pay_method_id, account.id);
  assertLive(method);
  const now = ctx.now();
  const [row] = await ctx.db.update(payMethods).set({ isDefault: "N", deletedAt: now, updatedAt: now }).where(eq(payMethods.id, method.id)).returning();
  return payMethodView(row);
}
