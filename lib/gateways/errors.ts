import { DomainError } from "../errors";
import { GatewayRefused, GatewayUnknownOutcome } from "./providers/types";

/**
 * A gateway failure during a call that records nothing unless it succeeds (tokenizing,
 * verifying, refunding): a definite refusal becomes `refused(reason)`, a lost answer 502.
 */
export function gatewayFailure(e: unknown, refused: (reason: string) => DomainError): unknown {
  if (e instanceof GatewayRefused) return refused(e.reason);
  if (e instanceof GatewayUnknownOutcome) {
    return new DomainError("GATEWAY_UNAVAILABLE", "The payment gateway did not answer; nothing was changed here. Try again later");
  }
  return e;
}
