import { payMethods } from "../../db/schema";
import { DomainError, invalidState } from "../errors";
import { gatewayFailure } from "../gateways/errors";
import { providerOf } from "../gateways/providers";
import { connectGateway, defaultGateway, findGateway } from "../gateways/queries";
import { newId } from "../ids";
import { brandToday } from "../brand-time";
import { findCustomer } from "../accounts/customer";
import { newPayMethod } from "./details";
import { makeDefaultPayMethod, reloadPayMethod } from "./queries";
import type { CreatePayMethodInput } from "./schemas";
import { payMethodView } from "./view";
import { outsideTransaction, type StepContext, stepped } from "../run-verb";

const TYPE_NAMES = { CC: "cards", BA: "bank accounts" } as const;

/**
 * Tokenizes a card or bank account at the gateway and keeps only the token, brand, last four and
 * expiry. The first verified pay method of an account becomes its default.
 */
export const createPayMethod = stepped(async ({ ctx, input }: { ctx: StepContext; input: CreatePayMethodInput }) => {
  const account = await findCustomer(ctx, input.customer_account_id);
  const type = input.pay_method_type;
  const gateway = input.gateway_id ? await findGateway(ctx, input.gateway_id) : await defaultGateway(ctx, type);
  if (!gateway) {
    throw invalidState(
      `The brand has no default gateway for ${TYPE_NAMES[type]}; send gateway_id or make one the default with PayGateway/SetDefault`,
      "gateway_id",
    );
  }
  const provider = providerOf(gateway.provider);
  if (!provider.payMethodTypes.includes(type)) {
    throw new DomainError("INVALID_PARAMETER", `pay_method_type must be one the gateway takes: ${provider.name} does not take ${TYPE_NAMES[type]}`, {
      parameter: "pay_method_type",
    });
  }
  const method = newPayMethod(input, brandToday(ctx));
  const requireVerification = input.require_verification !== "N";
  // Tokenized holding no transaction (a slow gateway keeps no connection); the account is checked
  // again once the gateway has answered, as it may have been deleted meanwhile.
  const token = await outsideTransaction(ctx, () =>
    connectGateway(gateway)
      .createPayMethodToken(method, { verify: requireVerification })
      .catch((e) => {
        throw gatewayFailure(
          e,
          (reason) => new DomainError("PAYMENT_DECLINED", `The gateway declined the ${type === "CC" ? "card" : "bank account"}: ${reason}`),
        );
      }),
  );
  await findCustomer(ctx, account.id);
  const now = ctx.now();
  const id = newId();
  await ctx.db.insert(payMethods).values({
    id,
    brandId: ctx.brand.id,
    customerAccountId: account.id,
    gatewayId: gateway.id,
    type,
    token: token.token,
    brand: token.brand,
    lastFour: token.lastFour,
    expirationMonth: token.expirationMonth,
    expirationYear: token.expirationYear,
    holderName: input.holder_name ?? null,
    accountType: method.type === "BA" ? method.bankAccount.accountType : null,
    verified: !requireVerification || token.verified ? "Y" : "N",
    createdAt: now,
    updatedAt: now,
  });
  const created = await reloadPayMethod(ctx, id);
  if (created.verified === "Y") await makeDefaultPayMethod(ctx, created, { onlyIfNone: true });
  return payMethodView(await reloadPayMethod(ctx, id));
});
