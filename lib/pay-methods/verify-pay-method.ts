import { eq } from "drizzle-orm";
import { payMethods } from "../../db/schema";
import { DomainError, invalidState } from "../errors";
import { gatewayFailure } from "../gateways/errors";
import { connectGateway, gatewayById } from "../gateways/queries";
import { findCustomer } from "../accounts/customer";
import { assertLive, findPayMethod, makeDefaultPayMethod, reloadPayMethod } from "./queries";
import type { VerifyPayMethodInput } from "./schemas";
import { payMethodView } from "./view";
import { outsideTransaction, type StepContext, stepped } from "../run-verb";

/** Confirms a pay method with its gateway: a bank account by the two micro-deposit amounts, a card by a check. */
export const verifyPayMethod = stepped(async ({ ctx, input }: { ctx: StepContext; input: VerifyPayMethodInput }) => {
  const account = await findCustomer(ctx, input.customer_account_id);
  const method = await findPayMethod(ctx, input.pay_method_id, account.id);
  assertLive(method);
  if (method.verified === "Y") throw invalidState("This pay method is already verified", "pay_method_id");
  let deposits: [number, number] | null = null;
  if (method.type === "BA") {
    for (const p of ["amount_1", "amount_2"] as const) {
      if (input[p] === undefined) throw new DomainError("MISSING_PARAMETER", `${p} is required to verify a bank account`, { parameter: p });
    }
    deposits = [input.amount_1!, input.amount_2!];
  }
  const gateway = await gatewayById(ctx, method.gatewayId);
  if (gateway.deletedAt) throw invalidState("The gateway of this pay method is deleted; add the pay method again on another gateway", "pay_method_id");
  // Asked holding no transaction (a slow gateway keeps no connection or row); what it answers is
  // recorded only if the pay method is still there, unverified, once it has answered.
  const result = await outsideTransaction(ctx, () =>
    connectGateway(gateway)
      .verifyPayMethod(method.token, method.type, deposits)
      .catch((e) => {
        throw gatewayFailure(e, (reason) => new DomainError("PAYMENT_DECLINED", `The gateway refused the verification: ${reason}`));
      }),
  );
  const now = await findPayMethod(ctx, method.id, (await findCustomer(ctx, account.id)).id);
  assertLive(now);
  if (now.verified === "Y") throw invalidState("This pay method is already verified", "pay_method_id");
  if (!result.verified) {
    if (method.type === "BA") throw new DomainError("INVALID_PARAMETER", `amount_1 and amount_2 do not match: ${result.reason}`, { parameter: "amount_1" });
    throw new DomainError("PAYMENT_DECLINED", `The card failed verification: ${result.reason}`);
  }
  await ctx.db.update(payMethods).set({ verified: "Y", updatedAt: ctx.now() }).where(eq(payMethods.id, method.id));
  await makeDefaultPayMethod(ctx, method, { onlyIfNone: true });
  return payMethodView(await reloadPayMethod(ctx, method.id));
});
