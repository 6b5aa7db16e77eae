import type { Context } from "../auth/context";
import { findCustomer } from "../accounts/customer";
import { assertChargeable, findPayMethod, makeDefaultPayMethod, reloadPayMethod } from "./queries";
import type { PayMethodRefInput } from "./schemas";
import { payMethodView } from "./view";

/** Makes a verified pay method the account's default (the one auto pay charges when a subscription names none). */
export async function setDefaultPayMethod({ ctx, input }: { ctx: Context; input: PayMethodRefInput }) {
  const account = await findCustomer(ctx, input.customer_account_id);
  const method = await findPayMethod(ctx, input.pay_method_id, account.id);
  assertChargeable(method);
  await makeDefaultPayMethod(ctx, method);
  return payMethodView(await reloadPayMethod(ctx, method.id));
}
