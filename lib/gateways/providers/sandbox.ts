import { randomBytes } from "node:crypto";
import { cardBrand } from "../card-numbers";
import { GatewayRefused, GatewayUnknownOutcome, type ChargeResult, type GatewayProvider, type NewPayMethod } from "./types";

/**
 * The built-in test gateway: no network, no real money. Test numbers (any other valid card or
 * account number succeeds):
 *   4242424242424242  always succeeds
 *   4000000000000002  declined ("card_declined") at the card check and on every charge
 *   4000000000000119  the charge succeeds at the gateway but its answer is lost (a timeout),
 *                     so the caller has to reconcile by idempotency key
 *   bank account 000222222227  charges are declined ("insufficient_funds")
 * Bank accounts verify with two micro-deposits of 0.32 and 0.45.
 * Charges are remembered in process memory (per gateway and idempotency key), as a real gateway would.
 */
export const SANDBOX_CARDS = { succeeds: "4242424242424242", declines: "4000000000000002", timesOut: "4000000000000119" } as const;
export const SANDBOX_DECLINED_BANK_ACCOUNT = "000222222227";
export const SANDBOX_MICRO_DEPOSITS: [number, number] = [32, 45];

type Scenario = "ok" | "decline" | "timeout";

interface LedgerEntry {
  result: ChargeResult;
  amount: number;
  token: string;
}

// Kept on globalThis so every module instance (route bundles, tests) sees one gateway.
const state = globalThis as unknown as { __rbSandbox?: { charges: Map<string, LedgerEntry>; refunds: Map<string, string> } };
const ledger = () => (state.__rbSandbox ??= { charges: new Map(), refunds: new Map() });

/** The charges the sandbox gateway took for one gateway (tests count them to prove "charged once"). */
export const sandboxCharges = (gatewayId: string) =>
  [...ledger().charges].filter(([key]) => key.startsWith(`${gatewayId}:`)).map(([key, e]) => ({ idempotencyKey: key.slice(gatewayId.length + 1), ...e }));

const scenarioOf = (method: NewPayMethod): Scenario => {
  if (method.type === "BA") return method.bankAccount.accountNumber === SANDBOX_DECLINED_BANK_ACCOUNT ? "decline" : "ok";
  if (method.card.number === SANDBOX_CARDS.declines) return "decline";
  return method.card.number === SANDBOX_CARDS.timesOut ? "timeout" : "ok";
};

// The token carries the test scenario (never the number), so the sandbox needs no token store.
const newToken = (type: string, scenario: Scenario) => `sbx_${type.toLowerCase()}_${scenario}_${randomBytes(8).toString("hex")}`;
const scenarioOfToken = (token: string): Scenario => (token.split("_")[2] as Scenario) ?? "ok";
const transactionId = (prefix: string) => `sbx_${prefix}_${randomBytes(8).toString("hex")}`;

const declineReason = (token: string) =>
  token.startsWith("sbx_ba_") ? "insufficient_funds: the account has insufficient funds" : "card_declined: the card was declined";

export const sandboxProvider: GatewayProvider = {
  id: "sandbox",
  name: "Sandbox (built-in test gateway, no real money)",
  credentials: { credentials_1: "Any API key of at least 8 characters (not checked)", credentials_2: "Not used" },
  payMethodTypes: ["CC", "BA"],
  notes:
    "Test cards: 4242424242424242 succeeds; 4000000000000002 is declined; 4000000000000119 is charged but the answer is lost (a timeout, reconciled by idempotency key). " +
    "Any other valid number succeeds. Bank account 000222222227 is declined; bank accounts verify with micro-deposits of 0.32 and 0.45.",
  checkCredentials(credentials1) {
    return credentials1.length < 8 ? { parameter: "credentials_1", message: "must be at least 8 characters" } : null;
  },
  connect(gateway) {
    const key = (idempotencyKey: string) => `${gateway.id}:${idempotencyKey}`;
    return {
      async createPayMethodToken(method, { verify }) {
        const scenario = scenarioOf(method);
        if (method.type === "CC") {
          if (verify && scenario === "decline") throw new GatewayRefused(declineReason("sbx_cc_"));
          const { number, expirationMonth, expirationYear } = method.card;
          return { token: newToken("CC", scenario), brand: cardBrand(number), lastFour: number.slice(-4), expirationMonth, expirationYear, verified: verify };
        }
        // A bank account is verified later, by the micro-deposits it receives now.
        const lastFour = method.bankAccount.accountNumber.slice(-4);
        return { token: newToken("BA", scenario), brand: "bank", lastFour, expirationMonth: null, expirationYear: null, verified: false };
      },
      async verifyPayMethod(token, type, microDeposits) {
        if (type === "CC") return scenarioOfToken(token) === "decline" ? { verified: false, reason: declineReason(token) } : { verified: true };
        const [a, b] = [...(microDeposits ?? [])].sort((x, y) => x - y);
        return a === SANDBOX_MICRO_DEPOSITS[0] && b === SANDBOX_MICRO_DEPOSITS[1]
          ? { verified: true }
          : { verified: false, reason: "the amounts do not match the two micro-deposits" };
      },
      async charge({ token, amount, idempotencyKey }) {
        const charges = ledger().charges;
        const seen = charges.get(key(idempotencyKey));
        if (seen) return seen.result; // a retry with the same key never charges again
        const scenario = scenarioOfToken(token);
        const result: ChargeResult =
          scenario === "decline"
            ? { status: "failed", reason: declineReason(token), transactionId: null }
            : { status: "succeeded", transactionId: transactionId("ch") };
        charges.set(key(idempotencyKey), { result, amount, token });
        if (scenario === "timeout") throw new GatewayUnknownOutcome("the sandbox gateway timed out (test card 4000000000000119)");
        return result;
      },
      async findCharge(idempotencyKey) {
        return ledger().charges.get(key(idempotencyKey))?.result ?? null;
      },
      async refund({ idempotencyKey }) {
        const refunds = ledger().refunds;
        const id = refunds.get(key(idempotencyKey)) ?? transactionId("re");
        refunds.set(key(idempotencyKey), id);
        return { refundId: id };
      },
    };
  },
};
