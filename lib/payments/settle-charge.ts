import { GatewayUnknownOutcome, type ChargeRequest, type ChargeResult, type GatewayConnection } from "../gateways/providers/types";

/** Tries of one charge before its outcome is left pending; short pauses let a flaky network recover. */
const MAX_TRIES = 3;
const PAUSE_MS = [0, 200, 600];

/**
 * Charges at most once whatever the network does: every try carries the same idempotency key, and
 * after an unknown outcome the gateway is first asked for the charge by that key; only when it
 * answers "no such charge" is the charge sent again. `askFirst` starts by asking (an attempt
 * recorded as pending earlier). Answers null when the outcome is still unknown.
 */
export async function settleCharge(gateway: GatewayConnection, request: ChargeRequest, opts: { askFirst: boolean }): Promise<ChargeResult | null> {
  let ask = opts.askFirst;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    if (PAUSE_MS[attempt]) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS[attempt]));
    try {
      if (ask) {
        const found = await gateway.findCharge(request.idempotencyKey);
        if (found) return found;
      }
      return await gateway.charge(request);
    } catch (err) {
      if (!(err instanceof GatewayUnknownOutcome)) throw err;
      ask = true;
    }
  }
  return null;
}
