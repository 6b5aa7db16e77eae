import { defineEndpoint } from "../endpoint";
import { CreatePayMethodParams, ListPayMethodsParams, PayMethodRefParams, VerifyPayMethodParams } from "../../pay-methods/schemas";
import { listPayMethods, PAY_METHOD_LIST_LIMIT } from "../../pay-methods/list-pay-methods";
import { payMethodToWire } from "../../pay-methods/view";
import { createPayMethod } from "../../pay-methods/create-pay-method";
import { deletePayMethod } from "../../pay-methods/delete-pay-method";
import { verifyPayMethod } from "../../pay-methods/verify-pay-method";
import { setDefaultPayMethod } from "../../pay-methods/set-default-pay-method";

const returns = "pay_method";

export const payMethodEndpoints = [
  defineEndpoint({
    resource: "PayMethod",
    action: "List",
    method: "GET",
    summary: `Lists pay methods that are not deleted (by pay_method_id also a deleted one), oldest first, at most ${PAY_METHOD_LIST_LIMIT}. Only brand, last four digits and expiry are ever shown.`,
    params: ListPayMethodsParams,
    returns,
    list: "pay_methods",
    handler: listPayMethods,
    wire: payMethodToWire,
  }),
  defineEndpoint({
    resource: "PayMethod",
    action: "Create",
    method: "POST",
    summary:
      "Adds a card (CC) or bank account (BA): the numbers go to the gateway to be tokenized and are never stored; only the token, brand, last four digits and expiry are kept. " +
      "With require_verification Y (default) a card is checked at once and a bank account receives two micro-deposits to confirm with PayMethod/Verify (sandbox: 0.32 and 0.45); unverified methods cannot be charged. " +
      "The account's first verified pay method becomes its default.",
    params: CreatePayMethodParams,
    returns,
    refusals: [
      "402 PAYMENT_DECLINED when the gateway declines the card",
      "409 INVALID_STATE when no gateway_id is sent and the brand has no default gateway for the type",
      "400 MISSING_PARAMETER / INVALID_PARAMETER for the fields of the other type, missing ones of this type, or an expired card",
      "502 GATEWAY_UNAVAILABLE when the gateway does not answer (nothing is stored)",
    ],
    handler: createPayMethod,
  }),
  defineEndpoint({
    resource: "PayMethod",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a pay method; if it was the default, the account is left without one.",
    params: PayMethodRefParams,
    returns,
    refusals: ["409 INVALID_STATE when it is already deleted"],
    handler: deletePayMethod,
  }),
  defineEndpoint({
    resource: "PayMethod",
    action: "Verify",
    method: "POST",
    summary:
      "Verifies a pay method: a bank account with its two micro-deposit amounts (amount_1, amount_2, in any order), a card by the gateway's check. The first verified method becomes the default.",
    params: VerifyPayMethodParams,
    returns,
    refusals: [
      "409 INVALID_STATE when it is already verified or deleted",
      "400 INVALID_PARAMETER amount_1 when the amounts do not match the micro-deposits; 400 MISSING_PARAMETER without them",
      "402 PAYMENT_DECLINED when a card fails the check",
    ],
    handler: verifyPayMethod,
  }),
  defineEndpoint({
    resource: "PayMethod",
    action: "SetDefault",
    method: "PATCH",
    summary: "Makes a verified pay method the account's default (one per account), the one charged when a subscription names none.",
    params: PayMethodRefParams,
    returns,
    refusals: ["409 INVALID_STATE when it is unverified or deleted"],
    handler: setDefaultPayMethod,
  }),
];
